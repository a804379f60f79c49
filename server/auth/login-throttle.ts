import type { Clock } from '../clock.ts'

/**
 * Where login attempts are counted: the database (server/storage), so every replica of the API
 * counts the same attempts.
 */
export interface LoginAttemptLog {
  /**
   * In one atomic step, across every process using the same database: the times of `key`'s
   * attempts after `since`, oldest first, and, when there are fewer than `limit` of them, a new
   * attempt recorded at `at`.
   */
  reserve(key: string, at: number, since: number, limit: number): Promise<number[]>
  /** Forgets every attempt of `key`. */
  clear(key: string): Promise<void>
  /** Forgets every attempt at or before `before`, whoever made it. */
  prune(before: number): Promise<void>
}

interface ThrottleOptions {
  maxFailures: number
  windowMs: number
}

const DEFAULTS: ThrottleOptions = { maxFailures: 10, windowMs: 10 * 60_000 }

/**
 * Failed-login throttling per username (contract: at most 10 failures per 10 minutes, then 429).
 * An attempt is recorded before the password is checked and forgotten when it succeeds, so
 * concurrent guesses, on one replica or several, cannot slip past the limit while they are being
 * checked; a correct password clears the username's count.
 */
export class LoginThrottle {
  readonly #log: LoginAttemptLog
  readonly #clock: Clock
  readonly #options: ThrottleOptions
  #prunedAt = -Infinity

  constructor(log: LoginAttemptLog, clock: Clock, options: Partial<ThrottleOptions> = {}) {
    this.#log = log
    this.#clock = clock
    this.#options = { ...DEFAULTS, ...options }
  }

  /**
   * Starts an attempt for this username: 0 when it may go ahead (it counts as a failure until
   * `succeeded`), otherwise the milliseconds until it may try again.
   */
  async begin(username: string): Promise<number> {
    const { maxFailures, windowMs } = this.#options
    const now = this.#clock.now()
    const since = now - windowMs
    // Attempts of names never tried again would stay for ever: sweep them once a window.
    if (now - this.#prunedAt >= windowMs) {
      this.#prunedAt = now
      await this.#log.prune(since)
    }
    const recent = await this.#log.reserve(username.toLowerCase(), now, since, maxFailures)
    if (recent.length < maxFailures) return 0
    const oldest = recent[recent.length - maxFailures] ?? now
    return Math.max(1, oldest + windowMs - now)
  }

  /** The attempt's password was right: the username starts again from no failures. */
  succeeded(username: string): Promise<void> {
    return this.#log.clear(username.toLowerCase())
  }
}
