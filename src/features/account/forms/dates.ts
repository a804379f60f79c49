/**
 * Dates a shopper gives must exist (rules.md § Validation rules): the registration's birth day in
 * its month, the profile's date of birth on the calendar and not after today.
 */

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

/** The days of a month (1-12); without a year, the most it can have (29 for February). */
export function daysInMonth(month: number, year?: number): number {
  if (month === 2) return year === undefined || isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** Whether a YYYY-MM-DD text is a day of the calendar (not 2023-02-29, not 2030-13-45). */
export function isCalendarDate(date: string): boolean {
  const [, year, month, day] = (/^(\d{4})-(\d{2})-(\d{2})$/.exec(date) ?? []).map(Number)
  if (year === undefined || month === undefined || day === undefined) return false
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(month, year)
}

/** Today on this device's calendar, as YYYY-MM-DD: a birthday is the shopper's local day. */
export function localToday(now: Date = new Date()): string {
  const two = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`
}

/** Whether a YYYY-MM-DD date lies after `today` (also YYYY-MM-DD, so text order is date order). */
export const isAfter = (date: string, today: string) => date > today
