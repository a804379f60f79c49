import type { DatabaseSync } from 'node:sqlite'
import {
  spendable,
  statusOf,
  type PasswordResetStore,
  type ResetRow,
} from '../auth/password-resets.ts'
import type { SqliteOutbox } from './sqlite-outbox.ts'
import { promised } from './sqlite-promised.ts'
import { transaction } from './sqlite-schema.ts'

interface Row {
  user_id: number | null
  expires_at: number
  used_at: number | null
  ended_at: number | null
}

const rowFrom = (row: Row | undefined): ResetRow | undefined =>
  row && {
    userId: row.user_id === null ? null : Number(row.user_id),
    expiresAt: Number(row.expires_at),
    usedAt: row.used_at === null ? null : Number(row.used_at),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
  }

/**
 * Reset links in SQLite (decisions.md § Password reset). BEGIN IMMEDIATE takes the write lock
 * first, so no other process on the file counts or spends between this one's read and write.
 */
export function createSqlitePasswordResets(
  db: DatabaseSync,
  outbox: Pick<SqliteOutbox, 'queueNow' | 'announce'>,
): PasswordResetStore {
  const recent = db.prepare(
    'SELECT COUNT(*) AS n FROM password_resets WHERE account_key = ? AND created_at > ?',
  )
  const add = db.prepare(
    `INSERT INTO password_resets (token_hash, account_key, user_id, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?)`,
  )
  const byHash = db.prepare(
    'SELECT user_id, expires_at, used_at, ended_at FROM password_resets WHERE token_hash = ?',
  )
  const spend = db.prepare('UPDATE password_resets SET used_at = ? WHERE token_hash = ?')
  const endOthers = db.prepare(
    `UPDATE password_resets SET ended_at = ?
     WHERE user_id = ? AND token_hash IS NOT ? AND used_at IS NULL AND ended_at IS NULL`,
  )
  const setPassword = db.prepare('UPDATE users SET password_hash = ? WHERE id = ?')
  const prune = db.prepare('DELETE FROM password_resets WHERE created_at <= ?')

  const rowOf = (tokenHash: string) => rowFrom(byHash.get(tokenHash) as Row | undefined)

  return promised<PasswordResetStore>({
    request({ accountKey, userId, tokenHash, at, expiresAt, since, limit, mail }) {
      const mailed = transaction(db, () => {
        const { n } = recent.get(accountKey, since) as { n: number }
        if (Number(n) >= limit) return false
        add.run(tokenHash, accountKey, userId, at, expiresAt)
        outbox.queueNow(mail, at, userId !== null)
        return userId !== null
      })
      if (mailed) outbox.announce()
      return mailed
    },
    status: (tokenHash, at) => statusOf(rowOf(tokenHash), at),
    consume: (tokenHash, at, passwordHash) =>
      transaction(db, () => {
        const token = spendable(rowOf(tokenHash), at)
        if ('refused' in token) return token
        spend.run(at, tokenHash)
        endOthers.run(at, token.userId, tokenHash)
        setPassword.run(passwordHash, token.userId)
        return token
      }),
    endAllOf: (userId, at) => void endOthers.run(at, userId, null),
    prune: (before) => void prune.run(before),
  })
}
