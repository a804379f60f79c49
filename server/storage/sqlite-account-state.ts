import { now } from './sqlite-promised.ts'
import type { DatabaseSync } from 'node:sqlite'
import type { AccountStateStore } from '../account/account-store.ts'
import { stateFrom, valueText, type AccountRow } from './account-rows.ts'
import { transaction } from './sqlite-schema.ts'

/**
 * Each account's cart, saved items and address in SQLite. One process has the file, and a
 * write's BEGIN IMMEDIATE holds its write lock from the read to the commit, so one write of a
 * user (of any user) is whole before the next reads.
 */
export function createSqliteAccountState(db: DatabaseSync): AccountStateStore {
  const copyOf = db.prepare(`
    SELECT v.version, e.kind, e.key, e.value, e.changed_at AS changedAt, e.added_at AS addedAt
    FROM (SELECT coalesce(
            (SELECT version FROM account_versions WHERE user_id = $user), 0) AS version) AS v
    LEFT JOIN account_entries AS e ON e.user_id = $user`)
  const put = db.prepare(`
    INSERT INTO account_entries (user_id, kind, key, value, changed_at, added_at)
    VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (user_id, kind, key) DO UPDATE SET
      value = excluded.value, changed_at = excluded.changed_at, added_at = excluded.added_at`)
  const bump = db.prepare(`
    INSERT INTO account_versions (user_id, version) VALUES (?, 1)
    ON CONFLICT (user_id) DO UPDATE SET version = version + 1`)
  const prune = db.prepare('DELETE FROM account_entries WHERE value IS NULL AND changed_at < ?')

  const read = (userId: number) =>
    stateFrom(copyOf.all({ user: userId }) as unknown as AccountRow[])

  return {
    read: (userId) => now(() => read(userId)),
    write: (userId, edit) =>
      now(() =>
        transaction(db, () => {
          const { entries, changed, outcome } = edit(read(userId))
          for (const entry of entries)
            put.run(userId, entry.kind, entry.key, valueText(entry), entry.changedAt, entry.addedAt)
          if (changed) bump.run(userId)
          return { state: read(userId), outcome }
        }),
      ),
    prune: (before) => now(() => void prune.run(before)),
  }
}
