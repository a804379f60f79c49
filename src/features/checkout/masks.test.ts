import { describe, expect, it } from 'vitest'
import { formatCardNumber, formatExpiry } from './masks.ts'

describe('card number mask', () => {
  it.each([
    ['', ''],
    ['4', '4'],
    ['4242', '4242'],
    ['42424', '4242 4'],
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242 4242 4242 4242 9999', '4242 4242 4242 4242'],
    ['4242-4242 abc 42', '4242 4242 42'],
  ])('%j → %j', (input, expected) => {
    expect(formatCardNumber(input)).toBe(expected)
    expect(formatCardNumber(input).length).toBeLessThanOrEqual(19)
  })
})

describe('expiry mask', () => {
  it.each([
    ['1', '', '1'],
    ['12', '1', '12/'],
    ['12/2', '12/', '12/2'],
    ['12/27', '12/2', '12/27'],
    ['1227', '', '12/27'],
    ['12/278', '12/27', '12/27'],
    ['ab', '', ''],
    // Backspace over the slash leaves the month, so the shopper can keep deleting.
    ['12', '12/', '12'],
    ['1', '12', '1'],
  ])('%j (after %j) → %j', (input, previous, expected) => {
    expect(formatExpiry(input, previous)).toBe(expected)
  })
})
