import type { DatabaseSync } from 'node:sqlite'
import type { OperatorRecord, OperatorStore } from '../operators/operator-store.ts'
import { promised } from './sqlite-promised.ts'
import { transaction } from './sqlite-schema.ts'

interface OperatorRow {
  id: number
  email: string
  password_hash: string
}

const operatorFrom = (row: OperatorRow): OperatorRecord => ({
  id: Number(row.id),
  email: row.email,
  passwordHash: row.password_hash,
})

/** The shop's operators and their sessions in SQLite (server/operators/operator-store.ts). */
export function createSqliteOperators(db: DatabaseSync): OperatorStore {
  const byEmail = db.prepare('SELECT id, email, password_hash FROM operators WHERE email = ?')
  const add = db.prepare(
    'INSERT INTO operators (email, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?)',
  )
  const setHash = db.prepare('UPDATE operators SET password_hash = ?, updated_at = ? WHERE id = ?')
  const endAll = db.prepare(
    'UPDATE operator_sessions SET ended_at = ? WHERE operator_id = ? AND ended_at IS NULL',
  )
  const removeSessions = db.prepare('DELETE FROM operator_sessions WHERE operator_id = ?')
  const remove = db.prepare('DELETE FROM operators WHERE id = ?')
  const start = db.prepare(
    `INSERT INTO operator_sessions (token_hash, operator_id, created_at, expires_at)
     VALUES (?, ?, ?, ?)`,
  )
  const session = db.prepare(
    `SELECT o.id, o.email FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
     WHERE s.token_hash = ? AND s.ended_at IS NULL AND s.expires_at > ?`,
  )
  const end = db.prepare(
    'UPDATE operator_sessions SET ended_at = ? WHERE token_hash = ? AND ended_at IS NULL',
  )
  const find = (email: string) => {
    const row = byEmail.get(email) as OperatorRow | undefined
    return row && operatorFrom(row)
  }

  return promised<OperatorStore>({
    put: (email, passwordHash, at) =>
      transaction(db, () => {
        const known = find(email)
        if (!known) {
          add.run(email, passwordHash, at, at)
          return { added: true }
        }
        setHash.run(passwordHash, at, known.id)
        endAll.run(at, known.id)
        return { added: false }
      }),
    remove: (email) =>
      transaction(db, () => {
        const known = find(email)
        if (!known) return false
        removeSessions.run(known.id)
        remove.run(known.id)
        return true
      }),
    byEmail: find,
    startSession: ({ tokenHash, operatorId, at, expiresAt }) =>
      void start.run(tokenHash, operatorId, at, expiresAt),
    session: (tokenHash, now) => {
      const row = session.get(tokenHash, now) as { id: number; email: string } | undefined
      return row && { operatorId: Number(row.id), email: row.email }
    },
    endSession: (tokenHash, at) => void end.run(at, tokenHash),
  })
}
