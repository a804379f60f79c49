import { describe, expect, it } from 'vitest'
import { daysInMonth, isAfter, isCalendarDate, localToday } from './dates.ts'

describe('dates that exist (rules.md § Validation rules)', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2023-01-31', true],
    ['2023-04-31', false],
    ['2023-12-31', true],
    ['2023-06-30', true],
    ['2030-13-45', false],
    ['2023-00-10', false],
    ['2023-05-00', false],
    ['1996-5-30', false],
  ])('%s is a day of the calendar: %s', (date, exists) => {
    expect(isCalendarDate(date)).toBe(exists)
  })

  it('gives February 29 days in a leap year, 28 otherwise, and 29 with no year known', () => {
    expect(daysInMonth(2, 2024)).toBe(29)
    expect(daysInMonth(2, 2023)).toBe(28)
    expect(daysInMonth(2)).toBe(29)
    expect([1, 3, 5, 7, 8, 10, 12].map((month) => daysInMonth(month))).toEqual(Array(7).fill(31))
    expect([4, 6, 9, 11].map((month) => daysInMonth(month))).toEqual(Array(4).fill(30))
  })

  it("tells a future date from today's and an earlier one, on the device's calendar", () => {
    const today = localToday(new Date(2026, 10, 22, 23, 59))
    expect(today).toBe('2026-11-22')
    expect(isAfter('2026-11-23', today)).toBe(true)
    expect(isAfter('2030-01-01', today)).toBe(true)
    expect(isAfter('2026-11-22', today)).toBe(false)
    expect(isAfter('1996-05-30', today)).toBe(false)
  })
})
