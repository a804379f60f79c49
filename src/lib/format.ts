import { groupThousands } from '../../shared/pricing/pricing.ts'

/**
 * Numbers and dates as en-US writes them, written out rather than with `Intl`, whose first use
 * loads the browser's locale data: a formatter made when a page's code loads is a long task on a
 * slow phone (the product page's, as its chunk is evaluated: docs/performance.md). Prices
 * and the grouping of thousands are in shared/pricing/pricing.ts, which every page carries (formatPrice,
 * groupThousands). The tests hold each to Intl's own output.
 */

/** The months' names, January first (dates here, and the registration form's birthday). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** `1234.5` → "1,234.5": thousands grouped, at most two decimals, no trailing zeros. */
export function formatNumber(value: number): string {
  const [whole = '', fraction = ''] = Math.abs(value).toFixed(2).split('.')
  const decimals = fraction.replace(/0+$/, '')
  const grouped = groupThousands(whole)
  const text = decimals ? `${grouped}.${decimals}` : grouped
  return value < 0 || Object.is(value, -0) ? `-${text}` : text
}

/**
 * "February 17, 2025" (Intl's `dateStyle: 'long'`), in UTC or the browser's time zone; with
 * `time`, "February 17, 2025 at 3:04 PM" (and `timeStyle: 'short'`).
 */
export function formatDate(date: Date, { utc = false, time = false } = {}): string {
  const [year, month, day] = utc
    ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()]
    : [date.getFullYear(), date.getMonth(), date.getDate()]
  const text = `${MONTHS[month]} ${day}, ${year}`
  if (!time) return text
  const [hours, minutes] = utc
    ? [date.getUTCHours(), date.getUTCMinutes()]
    : [date.getHours(), date.getMinutes()]
  return `${text} at ${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`
}
