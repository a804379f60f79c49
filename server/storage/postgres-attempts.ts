import type { Sql, TransactionSql } from 'postgres'
import type { Allowance, AttemptLog, Reservation } from '../limits/attempt-log.ts'

// An advisory lock namespace (any constant, the same in every replica, and not
// postgres-schema.ts's MIGRATION_LOCK) for the per-key locks of the attempts' log.
const ATTEMPTS_LOCK_SPACE = 4_173_002

type Tracked = <T>(query: () => Promise<T>) => Promise<T>

/**
 * `reserveAll` within the caller's transaction, in two statements: each key's lock, in one order
 * (sorted in the statement, so two reservations never wait for each other), then one statement
 * that reads every allowance's entries, records an entry of each if all have room, and answers
 * what it read (the entries it adds are not among them: one statement sees one snapshot).
 */
export async function reserveAllIn(
  tx: TransactionSql,
  allowances: readonly Allowance[],
  at: number,
): Promise<Reservation> {
  const keys = [...new Set(allowances.map((allowance) => allowance.key))]
  await tx`SELECT pg_advisory_xact_lock(${ATTEMPTS_LOCK_SPACE}::integer, hashtext(key))
           FROM unnest(${keys}::text[]) AS key ORDER BY key`
  const [row] = await tx<{ recorded: boolean; entries: [number, number][][] }[]>`
    WITH wanted AS (
      SELECT * FROM unnest(${allowances.map((a) => a.key)}::text[],
                           ${allowances.map((a) => a.since)}::bigint[],
                           ${allowances.map((a) => a.limit)}::integer[],
                           ${allowances.map((a) => a.weight)}::integer[])
        WITH ORDINALITY AS a(key, since, lim, weight, i)),
    seen AS (
      SELECT w.i, w.lim, w.weight, coalesce(sum(l.weight), 0) AS used,
             coalesce(json_agg(json_build_array(l.at, l.weight) ORDER BY l.at)
                      FILTER (WHERE l.at IS NOT NULL), '[]') AS entries
      FROM wanted w LEFT JOIN login_attempts l ON l.username = w.key AND l.at > w.since
      GROUP BY w.i, w.lim, w.weight),
    fits AS (SELECT bool_and(used + weight <= lim) AS all_fit FROM seen),
    added AS (
      INSERT INTO login_attempts (username, at, weight)
      SELECT key, ${at}, weight FROM wanted WHERE (SELECT all_fit FROM fits))
    SELECT (SELECT all_fit FROM fits) AS recorded, json_agg(entries ORDER BY i) AS entries
    FROM seen`
  return {
    recorded: row?.recorded === true,
    entries: (row?.entries ?? []).map((list) =>
      list.map(([entryAt, weight]) => ({ at: Number(entryAt), weight: Number(weight) })),
    ),
  }
}

/** The attempts' log in PostgreSQL (server/limits/attempt-log.ts), shared by every replica. */
export function createPostgresAttempts(sql: Sql, tracked: Tracked): AttemptLog {
  return {
    // A transaction-scoped lock per key makes count-then-insert atomic across replicas.
    reserve: (key, at, since, limit) =>
      tracked(() =>
        sql.begin(async (tx) => {
          await tx`SELECT pg_advisory_xact_lock(${ATTEMPTS_LOCK_SPACE}::integer, hashtext(${key}))`
          const rows = await tx<{ at: string }[]>`
            SELECT at FROM login_attempts WHERE username = ${key} AND at > ${since} ORDER BY at`
          const recent = rows.map((row) => Number(row.at))
          if (recent.length < limit)
            await tx`INSERT INTO login_attempts (username, at) VALUES (${key}, ${at})`
          return recent
        }),
      ),
    reserveAll: (allowances, at) =>
      tracked(() => sql.begin((tx) => reserveAllIn(tx, allowances, at))),
    clear: (key) =>
      tracked(async () => void (await sql`DELETE FROM login_attempts WHERE username = ${key}`)),
    count: (key, since) =>
      tracked(async () => {
        const [row] = await sql<{ n: number }[]>`
          SELECT count(*)::integer AS n FROM login_attempts WHERE username = ${key} AND at > ${since}`
        return row?.n ?? 0
      }),
    release: (key, at) =>
      tracked(async () => {
        await sql`DELETE FROM login_attempts WHERE ctid = (
                    SELECT ctid FROM login_attempts WHERE username = ${key} AND at = ${at} LIMIT 1)`
      }),
    prune: (before) =>
      tracked(async () => void (await sql`DELETE FROM login_attempts WHERE at <= ${before}`)),
  }
}
