import type { Clock } from '../clock.ts'

interface ThrottleOptions {
  maxFailures: number
  windowMs: number
  /** Bound on tracked usernames, so a flood of made-up names cannot grow memory. */
  maxTracked: number
}

const DEFAULTS: ThrottleOptions = { maxFailures: 10, windowMs: 10 * 60_000, maxTracked: 10_000 }

/** Failed-login throttling per username (contract: at most 10 failures per 10 minutes, then 429). */
export class LoginThrottle {
  readonly #failures = new Map<string, number[]>()
  readonly #clock: Clock
  readonly #options: ThrottleOptions

  constructor(clock: Clock, options: Partial<ThrottleOptions> = {}) {
    this.#clock = clock
    this.#options = { ...DEFAULTS, ...options }
  }

  /** Milliseconds until this username may try again; 0 when it may try now. */
  retryAfterMs(username: string): number {
    const recent = this.#recent(username.toLowerCase())
    if (recent.length < this.#options.maxFailures) return 0
    const oldest = recent[recent.length - this.#options.maxFailures] ?? 0
    return Math.max(0, oldest + this.#options.windowMs - this.#clock.now())
  }

  recordFailure(username: string): void {
    const key = username.toLowerCase()
    const recent = this.#recent(key)
    recent.push(this.#clock.now())
    this.#failures.delete(key)
    this.#failures.set(key, recent)
    if (this.#failures.size > this.#options.maxTracked) {
      const oldest = this.#failures.keys().next().value
      if (oldest !== undefined) this.#failures.delete(oldest)
    }
  }

  reset(username: string): void {
    this.#failures.delete(username.toLowerCase())
  }

  #recent(key: string): number[] {
    const since = this.#clock.now() - this.#options.windowMs
    return (this.#failures.get(key) ?? []).filter((at) => at > since)
  }
}
