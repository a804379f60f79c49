import { describe, expect, it } from 'vitest'
import { secondsUntilItFits } from './attempt-log.ts'
import { parseRate, waitInWords, windowInWords } from './limit-settings.ts'
import { trustedClients } from './trusted-clients.ts'

describe('a limit’s setting', () => {
  it('reads N/WINDOW in seconds, minutes, hours or days, at most a day', () => {
    expect(parseRate('10/10m')).toEqual({ limit: 10, windowMs: 600_000 })
    expect(parseRate('5/30s')).toEqual({ limit: 5, windowMs: 30_000 })
    expect(parseRate('0/1h')).toEqual({ limit: 0, windowMs: 3_600_000 })
    expect(parseRate('1/24h')).toEqual({ limit: 1, windowMs: 86_400_000 })
    for (const bad of ['10', '10/0s', '10/25h', '10/1w', '1.5/1h', '10/m'])
      expect(parseRate(bad), bad).toBeUndefined()
  })

  it('says a window and a wait as a sentence does', () => {
    expect(windowInWords(3_600_000)).toBe('an hour')
    expect(windowInWords(600_000)).toBe('10 minutes')
    expect(windowInWords(86_400_000)).toBe('a day')
    expect(windowInWords(60_000)).toBe('a minute')
    expect(waitInWords(1)).toBe('a minute')
    expect(waitInWords(2_950)).toBe('50 minutes')
    expect(waitInWords(3_600)).toBe('an hour')
    expect(waitInWords(4_000)).toBe('67 minutes')
    expect(waitInWords(3 * 3_600)).toBe('3 hours')
  })
})

describe('the wait until a weighted allowance fits', () => {
  const allowance = { key: 'k', since: 0, limit: 100, weight: 30 }
  it('is until enough of the oldest entries have left the window', () => {
    const entries = [
      { at: 1_000, weight: 50 },
      { at: 2_000, weight: 40 },
    ]
    // 90 used: 30 more fit once the first 50 leave, at 1_000 + window.
    expect(secondsUntilItFits(allowance, entries, 60_000, 31_000)).toBe(30)
    // Both must leave for 80 to fit.
    expect(secondsUntilItFits({ ...allowance, weight: 80 }, entries, 60_000, 31_000)).toBe(31)
  })

  it('is the whole window for a weight no window can hold', () => {
    expect(secondsUntilItFits({ ...allowance, weight: 101 }, [], 3_600_000, 0)).toBe(3_600)
  })
})

describe('TRUSTED_CLIENTS', () => {
  it('trusts addresses and ranges, an IPv6 client by its /64, and nothing when empty', () => {
    const trusted = trustedClients(['203.0.113.7', '10.0.0.0/8', '2001:db8::/48'])
    expect(trusted('203.0.113.7')).toBe(true)
    expect(trusted('203.0.113.8')).toBe(false)
    expect(trusted('10.20.30.40')).toBe(true)
    expect(trusted('11.0.0.1')).toBe(false)
    expect(trusted('2001:db8:0:7::/64')).toBe(true)
    expect(trusted('2001:db9:0:7::/64')).toBe(false)
    expect(trusted('not an address')).toBe(false)
    expect(trustedClients([])('203.0.113.7')).toBe(false)
  })
})
