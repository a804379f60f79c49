import type { DatabaseSync } from 'node:sqlite'
import {
  fits,
  type Allowance,
  type AttemptLog,
  type Entry,
  type Reservation,
} from '../limits/attempt-log.ts'
import { promised } from './sqlite-promised.ts'
import { transaction } from './sqlite-schema.ts'

/**
 * The attempts' log in SQLite (server/limits/attempt-log.ts). BEGIN IMMEDIATE takes the write
 * lock first, so even another process on the same file cannot count between this one's count and
 * its insert. `reserveAllNow` is reserveAll within the caller's transaction (an order's).
 */
export function createSqliteAttempts(db: DatabaseSync) {
  const recentAttempts = db.prepare(
    'SELECT at FROM login_attempts WHERE username = ? AND at > ? ORDER BY at',
  )
  const weighted = db.prepare(
    'SELECT at, weight FROM login_attempts WHERE username = ? AND at > ? ORDER BY at',
  )
  const add = db.prepare('INSERT INTO login_attempts (username, at, weight) VALUES (?, ?, ?)')
  const clearAll = db.prepare('DELETE FROM login_attempts WHERE username = ?')
  const countOf = db.prepare(
    'SELECT COUNT(*) AS n FROM login_attempts WHERE username = ? AND at > ?',
  )
  const releaseOne = db.prepare(
    'DELETE FROM login_attempts WHERE rowid = (SELECT rowid FROM login_attempts WHERE username = ? AND at = ? LIMIT 1)',
  )
  const pruneBefore = db.prepare('DELETE FROM login_attempts WHERE at <= ?')

  const reserveAllNow = (allowances: readonly Allowance[], at: number): Reservation => {
    const entries = allowances.map(({ key, since }) =>
      (weighted.all(key, since) as unknown as Entry[]).map((row) => ({
        at: Number(row.at),
        weight: Number(row.weight),
      })),
    )
    const recorded = allowances.every((allowance, i) => fits(allowance, entries[i] ?? []))
    if (recorded) for (const { key, weight } of allowances) add.run(key, at, weight)
    return { recorded, entries }
  }

  const log = promised<AttemptLog>({
    reserve: (key, at, since, limit) =>
      transaction(db, () => {
        const recent = (recentAttempts.all(key, since) as { at: number }[]).map((row) => row.at)
        if (recent.length < limit) add.run(key, at, 1)
        return recent
      }),
    reserveAll: (allowances, at) => transaction(db, () => reserveAllNow(allowances, at)),
    clear: (key) => void clearAll.run(key),
    count: (key, since) => Number((countOf.get(key, since) as { n: number }).n),
    release: (key, at) => void releaseOne.run(key, at),
    prune: (before) => void pruneBefore.run(before),
  })
  return { log, reserveAllNow }
}
