import type { Sql, TransactionSql } from 'postgres'
import {
  spendable,
  statusOf,
  type PasswordResetStore,
  type ResetRow,
} from '../auth/password-resets.ts'
import { queueMessage, type PostgresOutbox } from './postgres-outbox.ts'

// An advisory lock namespace (any constant, the same in every replica, and none of postgres.ts's
// or postgres-schema.ts's) for the per-account count of reset requests.
const REQUESTS_LOCK_SPACE = 4_173_007

// bigint columns come back as strings (the driver keeps their precision).
type Row = Record<keyof ResetRow, string | null>
const rowFrom = (row: Row | undefined): ResetRow | undefined =>
  row && {
    userId: row.userId === null ? null : Number(row.userId),
    expiresAt: Number(row.expiresAt),
    usedAt: row.usedAt === null ? null : Number(row.usedAt),
    endedAt: row.endedAt === null ? null : Number(row.endedAt),
  }

const rowOf = async (sql: Sql | TransactionSql, tokenHash: string) => {
  const [row] = await sql<Row[]>`
    SELECT user_id AS "userId", expires_at AS "expiresAt", used_at AS "usedAt", ended_at AS "endedAt"
    FROM password_resets WHERE token_hash = ${tokenHash}`
  return rowFrom(row)
}

/**
 * Reset links in PostgreSQL (decisions.md § Password reset), shared by every replica. A request is
 * counted under a transaction-scoped lock per account key; a token is spent under its account's
 * user row lock, so two links of one account used at once are spent one after the other (the
 * second finds itself ended), never both.
 */
export function createPostgresPasswordResets(
  sql: Sql,
  tracked: <T>(query: () => Promise<T>) => Promise<T>,
  outbox: Pick<PostgresOutbox, 'announce'>,
): PasswordResetStore {
  return {
    request: ({ accountKey, userId, tokenHash, at, expiresAt, since, limit, mail }) =>
      tracked(async () => {
        const mailed = await sql.begin(async (tx) => {
          await tx`SELECT pg_advisory_xact_lock(${REQUESTS_LOCK_SPACE}::integer, hashtext(${accountKey}))`
          const [count] = await tx<{ n: number }[]>`
            SELECT count(*)::integer AS n FROM password_resets
            WHERE account_key = ${accountKey} AND created_at > ${since}`
          if ((count?.n ?? 0) >= limit) return false
          await tx`
            INSERT INTO password_resets (token_hash, account_key, user_id, created_at, expires_at)
            VALUES (${tokenHash}, ${accountKey}, ${userId}, ${at}, ${expiresAt})`
          // Run for an address no account has too, inserting nothing: the same round trips.
          await queueMessage(tx, mail, at, userId !== null)
          return userId !== null
        })
        if (mailed) outbox.announce()
        return mailed
      }),
    status: (tokenHash, at) => tracked(async () => statusOf(await rowOf(sql, tokenHash), at)),
    consume: (tokenHash, at, passwordHash) =>
      tracked(() =>
        sql.begin(async (tx) => {
          const owner = (await rowOf(tx, tokenHash))?.userId
          if (owner === undefined || owner === null) return { refused: 'invalid' as const }
          await tx`SELECT 1 FROM users WHERE id = ${owner} FOR UPDATE`
          // Read again under the lock: another link of the account may have been used meanwhile.
          const token = spendable(await rowOf(tx, tokenHash), at)
          if ('refused' in token) return token
          await tx`UPDATE password_resets SET used_at = ${at} WHERE token_hash = ${tokenHash}`
          await tx`UPDATE password_resets SET ended_at = ${at}
                   WHERE user_id = ${token.userId} AND token_hash <> ${tokenHash}
                     AND used_at IS NULL AND ended_at IS NULL`
          await tx`UPDATE users SET password_hash = ${passwordHash} WHERE id = ${token.userId}`
          return token
        }),
      ),
    // Under the same user row lock as `consume`: the two never wait for each other's rows.
    endAllOf: (userId, at) =>
      tracked(() =>
        sql.begin(async (tx) => {
          await tx`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`
          await tx`UPDATE password_resets SET ended_at = ${at}
                   WHERE user_id = ${userId} AND used_at IS NULL AND ended_at IS NULL`
        }),
      ),
    prune: (before) =>
      tracked(
        async () => void (await sql`DELETE FROM password_resets WHERE created_at <= ${before}`),
      ),
  }
}
