import type { Clock } from '../server/clock.ts'

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  #now: number
  constructor(start = Date.UTC(2026, 10, 22, 12, 0, 0)) {
    this.#now = start
  }
  now(): number {
    return this.#now
  }
  advance(ms: number): void {
    this.#now += ms
  }
}
