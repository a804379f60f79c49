import { describe, expect, it } from 'vitest'
import { discountedPrice, formatPrice, roundCents } from './price.ts'

describe('prices (spec §9)', () => {
  it.each([
    [100, 0, 100],
    [100, 12.5, 87.5],
    [1199, 4.5, 1145.05],
    [9.99, 100, 0],
    [19.99, 15, 16.99],
    [10.05, 50, 5.03],
  ])('%d at %d%% off is %d', (price, discount, expected) => {
    expect(discountedPrice(price, discount)).toBe(expected)
  })

  it('rounds to cents half away from zero', () => {
    expect(roundCents(1.005)).toBe(1.01)
    expect(roundCents(2.675)).toBe(2.68)
    expect(roundCents(-1.005)).toBe(-1.01)
  })

  it('formats with $ and two decimals', () => {
    expect(formatPrice(1145.05)).toBe('$1,145.05')
    expect(formatPrice(0)).toBe('$0.00')
  })
})
