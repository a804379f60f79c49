/**
 * Where what clients do is counted for their limits: the database (server/storage), so every
 * replica counts the same. A key names what is counted (an account and address, an address, an
 * account, a recipient, a proof already used); each entry has a time and a weight (1, or the units
 * an order takes).
 */
export interface AttemptLog {
  /**
   * In one atomic step, across every process using the same database: the times of `key`'s
   * entries after `since`, oldest first, and, when there are fewer than `limit` of them, a new
   * entry recorded at `at`.
   */
  reserve(key: string, at: number, since: number, limit: number): Promise<number[]>
  /**
   * In one atomic step, all or none: when every allowance has room for its weight (the weights of
   * its key's entries after its `since`, plus its own, at most its `limit`), an entry of each is
   * recorded at `at`. Answers whether they were, and each allowance's entries before it.
   */
  reserveAll(allowances: readonly Allowance[], at: number): Promise<Reservation>
  /** How many entries of `key` were recorded after `since`. */
  count(key: string, since: number): Promise<number>
  /** Forgets one entry of `key` recorded at `at` (one that turned out not to count). */
  release(key: string, at: number): Promise<void>
  /** Forgets every entry of `key`. */
  clear(key: string): Promise<void>
  /** Forgets every entry at or before `before`, whoever made it. */
  prune(before: number): Promise<void>
}

/** What one key may take in a window: entries after `since` weigh at most `limit` together. */
export interface Allowance {
  key: string
  since: number
  limit: number
  weight: number
}

/** An entry as counted: when, and how much it weighs. */
export interface Entry {
  at: number
  weight: number
}

export interface Reservation {
  recorded: boolean
  /** Each allowance's entries in its window before this one, oldest first, in the given order. */
  entries: Entry[][]
}

/** Whether `allowance` has room for its weight beside `entries`. */
export const fits = (allowance: Allowance, entries: readonly Entry[]) =>
  entries.reduce((sum, entry) => sum + entry.weight, 0) + allowance.weight <= allowance.limit

/**
 * Seconds until `allowance` would fit, as its oldest entries leave the window (`windowMs` long,
 * ending now): at least 1; the whole window when it never could (a weight above its limit).
 */
export function secondsUntilItFits(
  allowance: Allowance,
  entries: readonly Entry[],
  windowMs: number,
  now: number,
): number {
  if (allowance.weight > allowance.limit) return Math.ceil(windowMs / 1000)
  let left = entries.reduce((sum, entry) => sum + entry.weight, 0)
  for (const entry of entries) {
    left -= entry.weight
    if (left + allowance.weight <= allowance.limit)
      return Math.max(1, Math.ceil((entry.at + windowMs - now) / 1000))
  }
  return 1
}

/**
 * Records an entry of `key` at `now` unless `rate.limit` are already in its window (atomically):
 * then the seconds until the oldest of them leaves it, and nothing is recorded.
 */
export async function spend(
  log: Pick<AttemptLog, 'reserve'>,
  key: string,
  rate: { limit: number; windowMs: number },
  now: number,
): Promise<number | undefined> {
  const recent = await log.reserve(key, now, now - rate.windowMs, rate.limit)
  if (recent.length < rate.limit) return undefined
  const oldest = recent[recent.length - rate.limit] ?? now
  return Math.max(1, Math.ceil((oldest + rate.windowMs - now) / 1000))
}
