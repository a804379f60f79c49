import type { Sql, TransactionSql } from 'postgres'
import type { AccountStateStore } from '../account/account-store.ts'
import { stateFrom, valueText, type AccountRow } from './account-rows.ts'

/**
 * Each account's cart, saved items and address in PostgreSQL, shared by every replica. A write
 * locks its user's version row (made on the user's first write) FOR UPDATE before it reads the
 * copy, so writes of one user, on any replica, run one after the other, each on the copy the one
 * before committed; other users' writes do not wait.
 */
export function createPostgresAccountState(
  sql: Sql,
  tracked: <T>(query: () => Promise<T>) => Promise<T>,
): AccountStateStore {
  const copyOf = async (db: Sql | TransactionSql, userId: number) =>
    stateFrom(
      await db<AccountRow[]>`
        SELECT v.version, e.kind, e.key, e.value,
               e.changed_at AS "changedAt", e.added_at AS "addedAt"
        FROM (SELECT coalesce(
                (SELECT version FROM account_versions WHERE user_id = ${userId}), 0) AS version) AS v
        LEFT JOIN account_entries AS e ON e.user_id = ${userId}`,
    )

  return {
    read: (userId) => tracked(() => copyOf(sql, userId)),
    write: (userId, edit) =>
      tracked(() =>
        sql.begin(async (tx) => {
          await tx`INSERT INTO account_versions (user_id, version) VALUES (${userId}, 0)
                   ON CONFLICT DO NOTHING`
          await tx`SELECT version FROM account_versions WHERE user_id = ${userId} FOR UPDATE`
          const { entries, changed, outcome } = edit(await copyOf(tx, userId))
          if (entries.length > 0) {
            const rows = entries.map((entry) => ({
              user_id: userId,
              kind: entry.kind,
              key: entry.key,
              value: valueText(entry),
              changed_at: entry.changedAt,
              added_at: entry.addedAt,
            }))
            await tx`INSERT INTO account_entries ${tx(rows)}
                     ON CONFLICT (user_id, kind, key) DO UPDATE SET value = excluded.value,
                       changed_at = excluded.changed_at, added_at = excluded.added_at`
          }
          if (changed)
            await tx`UPDATE account_versions SET version = version + 1 WHERE user_id = ${userId}`
          return { state: await copyOf(tx, userId), outcome }
        }),
      ),
    prune: (before) =>
      tracked(async () => {
        await sql`DELETE FROM account_entries WHERE value IS NULL AND changed_at < ${before}`
      }),
  }
}
