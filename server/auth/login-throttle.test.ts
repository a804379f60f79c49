import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../testing/manual-clock.ts'
import { openSqliteStorage } from '../storage/sqlite.ts'
import { DEFAULT_LIMITS, LoginThrottle } from './login-throttle.ts'

describe('the proof of work a much-guessed account asks (production’s defaults)', () => {
  it('starts at 14 bits from 20 failures, one more every 10, at most 20', () => {
    const throttle = new LoginThrottle(
      openSqliteStorage(':memory:').loginAttempts,
      new ManualClock(),
      's'.repeat(32),
    )
    expect(DEFAULT_LIMITS.proof).toEqual({ minBits: 14, maxBits: 20, step: 10 })
    expect(
      [0, 19, 20, 29, 30, 79, 80, 500].map((failures) => throttle.difficulty(failures)),
    ).toEqual([0, 0, 14, 14, 15, 19, 20, 20])
  })
})
