import type { StoredEntry, StoredState } from '../account/account-store.ts'

// An account's copy as both dialects read it: one statement answers the version beside each
// entry (an account without entries: one row with the version and no entry), so a read sees one
// moment of the copy.

/** A row of that statement; integers may come as strings (PostgreSQL's bigint). */
export interface AccountRow {
  version: number | string
  kind: string | null
  key: string | null
  value: string | null
  changedAt: number | string | null
  addedAt: number | string | null
}

/** The copy those rows hold. */
export function stateFrom(rows: readonly AccountRow[]): StoredState {
  const entries = rows.flatMap((row): StoredEntry[] =>
    row.kind === null
      ? []
      : [
          {
            kind: row.kind,
            key: row.key ?? '',
            value: row.value === null ? null : (JSON.parse(row.value) as unknown),
            changedAt: Number(row.changedAt),
            addedAt: Number(row.addedAt),
          } as StoredEntry,
        ],
  )
  return { version: Number(rows[0]?.version ?? 0), entries }
}

/** An entry's value as stored: its JSON, or NULL for a removal. */
export const valueText = (entry: StoredEntry) =>
  entry.value === null ? null : JSON.stringify(entry.value)
