import { describe, expect, it } from 'vitest'
import { formatDate, formatNumber } from './format.ts'

describe('formatNumber', () => {
  const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
  it.each([
    0, 1, 1.5, 1.25, 35.54, 1.256, 0.004, 999.999, 1000, 1234.5, 1234567.891, -0, -2.5, -1234.567,
  ])('writes %d as Intl does', (value) => expect(formatNumber(value)).toBe(intl.format(value)))
})

describe('formatDate', () => {
  const dates = [
    '2025-02-17T11:00:13.000Z',
    '2025-12-24T19:30:00.000Z',
    '2024-01-01T00:00:00.000Z',
    '2024-02-29T12:00:00.000Z',
    '2026-07-04T23:59:59.000Z',
    '2025-03-09T00:05:00.000Z',
  ].map((iso) => new Date(iso))

  it('writes a date in UTC as Intl does', () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })
    for (const date of dates) expect(formatDate(date, { utc: true })).toBe(intl.format(date))
  })

  it("writes a date and time in the browser's time zone as Intl does", () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' })
    for (const date of dates) expect(formatDate(date, { time: true })).toBe(intl.format(date))
    for (const hour of [0, 1, 11, 12, 13, 23]) {
      const date = new Date(2025, 5, 1, hour, 7)
      expect(formatDate(date, { time: true })).toBe(intl.format(date))
    }
  })
})
