import { describe, expect, it } from 'vitest'
import {
  cartTotal,
  discountedPrice,
  formatPrice,
  instalment,
  lineDiscountedPrice,
  linePrice,
  orderAmounts,
  roundCents,
  type PricedLine,
} from './pricing.ts'

const line = (price: number, quantity: number, discountPercentage: number): PricedLine => ({
  price,
  quantity,
  discountPercentage,
})

describe('cart totals (rules.md § Constants and formulas)', () => {
  it.each([
    [line(10, 3, 0), 30, 30],
    [line(19.99, 2, 15), 39.98, 33.98],
    [line(1199, 1, 4.5), 1199, 1145.05],
    [line(9.99, 2, 100), 19.98, 0],
    [line(0.1, 3, 0), 0.3, 0.3],
  ])('line %j: price %d, discounted %d', (cartLine, price, discounted) => {
    expect(linePrice(cartLine)).toBe(price)
    expect(lineDiscountedPrice(cartLine)).toBe(discounted)
  })

  it('sums the discounted lines and rounds once', () => {
    // 3 × 3.335 = 10.005 exactly in decimal: rounding each line first would give 10.02.
    const lines = [line(3.335, 1, 0), line(3.335, 1, 0), line(3.335, 1, 0)]
    expect(cartTotal(lines)).toBe(10.01)
    expect(cartTotal([line(100, 2, 10), line(50, 1, 50)])).toBe(205)
    expect(cartTotal([])).toBe(0)
  })

  it('takes the promo off the cart total, possibly to 0 or below; shipping is free', () => {
    const lines = [line(100, 2, 10), line(50, 1, 50)]
    const flat50 = { code: 'FLAT50', discount: 50 }
    expect(orderAmounts(lines, flat50)).toEqual({
      items: 205,
      promo: flat50,
      promoCode: 'FLAT50',
      promoDiscount: 50,
      shipping: 0,
      total: 155,
    })
    expect(orderAmounts([line(40, 1, 0)], flat50).total).toBe(-10)
    expect(orderAmounts([line(10.1, 1, 0)], { code: 'SUMMER', discount: 5 }).total).toBe(5.1)
    expect(orderAmounts([line(10.1, 1, 0)], null)).toMatchObject({ promoDiscount: 0, total: 10.1 })
  })

  it('splits the total into four payments', () => {
    expect(instalment(155)).toBe(38.75)
    expect(instalment(-10)).toBe(0)
  })
})

describe('prices (rules.md § Constants and formulas)', () => {
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
    expect(formatPrice(-5)).toBe('-$5.00')
    expect(formatPrice(1234567.891)).toBe('$1,234,567.89')
    expect(formatPrice(999.999)).toBe('$1,000.00')
    expect(formatPrice(-0.001)).toBe('$0.00')
  })

  it('formats every amount in cents as Intl.NumberFormat would', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
    const amounts = [0.01, 0.1, 9.99, 12.5, 100, 999.99, 1000, 54321.07, 1_000_000, -0.5, -1234.5]
    for (let cents = 0; cents < 200_000; cents += 997) amounts.push(cents / 100)
    for (const amount of amounts) expect(formatPrice(amount)).toBe(intl.format(amount))
  })
})
