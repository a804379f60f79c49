import type { Sql } from 'postgres'
import type { OperatorRecord, OperatorStore } from '../operators/operator-store.ts'

type Tracked = <T>(query: () => Promise<T>) => Promise<T>

interface OperatorRow {
  id: number | string
  email: string
  password_hash: string
}

/** The shop's operators and their sessions in PostgreSQL (server/operators/operator-store.ts). */
export function createPostgresOperators(sql: Sql, tracked: Tracked): OperatorStore {
  const find = async (email: string): Promise<OperatorRecord | undefined> => {
    const [row] = await sql<OperatorRow[]>`
      SELECT id, email, password_hash FROM operators WHERE email = ${email}`
    return row && { id: Number(row.id), email: row.email, passwordHash: row.password_hash }
  }
  return {
    put: (email, passwordHash, at) =>
      tracked(() =>
        sql.begin(async (tx) => {
          // One statement adds or updates: two adds of one email at once make one operator.
          const [row] = await tx<{ id: number | string; added: boolean }[]>`
            INSERT INTO operators (email, password_hash, created_at, updated_at)
            VALUES (${email}, ${passwordHash}, ${at}, ${at})
            ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash,
                                              updated_at = EXCLUDED.updated_at
            RETURNING id, (xmax = 0) AS added`
          if (!row) throw new Error(`The operator ${email} was not stored`)
          if (!row.added)
            await tx`UPDATE operator_sessions SET ended_at = ${at}
                     WHERE operator_id = ${row.id} AND ended_at IS NULL`
          return { added: row.added }
        }),
      ),
    remove: (email) =>
      tracked(() =>
        sql.begin(async (tx) => {
          const [row] = await tx<{ id: number | string }[]>`
            DELETE FROM operators WHERE email = ${email} RETURNING id`
          if (!row) return false
          await tx`DELETE FROM operator_sessions WHERE operator_id = ${row.id}`
          return true
        }),
      ),
    byEmail: (email) => tracked(() => find(email)),
    startSession: ({ tokenHash, operatorId, at, expiresAt }) =>
      tracked(async () => {
        await sql`INSERT INTO operator_sessions (token_hash, operator_id, created_at, expires_at)
                  VALUES (${tokenHash}, ${operatorId}, ${at}, ${expiresAt})`
      }),
    session: (tokenHash, now) =>
      tracked(async () => {
        const [row] = await sql<{ id: number | string; email: string }[]>`
          SELECT o.id, o.email FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
          WHERE s.token_hash = ${tokenHash} AND s.ended_at IS NULL AND s.expires_at > ${now}`
        return row && { operatorId: Number(row.id), email: row.email }
      }),
    endSession: (tokenHash, at) =>
      tracked(async () => {
        await sql`UPDATE operator_sessions SET ended_at = ${at}
                  WHERE token_hash = ${tokenHash} AND ended_at IS NULL`
      }),
  }
}
