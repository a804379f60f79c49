/** Card number as typed: digits only, at most 16, in groups of four (rules.md § Validation rules: max length 19). */
export function formatCardNumber(input: string): string {
  return input
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
}

/**
 * Expiry as typed, MM/YY with the slash inserted after the month (rules.md § Validation rules: max length 5).
 * While deleting, the slash is not put back, so backspace can go past it.
 */
export function formatExpiry(input: string, previous = ''): string {
  const digits = input.replace(/\D/g, '').slice(0, 4)
  if (digits.length < 2) return digits
  if (digits.length === 2) return input.length < previous.length ? digits : `${digits}/`
  return `${digits.slice(0, 2)}/${digits.slice(2)}`
}
