import { describe, expect, it } from 'vitest'
import type { CartLine } from './cart.schemas.ts'
import {
  cartTotal,
  instalment,
  lineDiscountedPrice,
  linePrice,
  orderTotal,
  promoFor,
} from './pricing.ts'

const line = (price: number, quantity: number, discountPercentage: number, id = 1): CartLine => ({
  id,
  title: 't',
  category: 'c',
  thumbnail: '',
  price,
  quantity,
  discountPercentage,
})

describe('cart totals (spec §9)', () => {
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
    const lines = [line(3.335, 1, 0, 1), line(3.335, 1, 0, 2), line(3.335, 1, 0, 3)]
    expect(cartTotal(lines)).toBe(10.01)
    expect(cartTotal([line(100, 2, 10, 1), line(50, 1, 50, 2)])).toBe(205)
    expect(cartTotal([])).toBe(0)
  })

  it('takes the promo off the cart total, possibly to 0 or below', () => {
    expect(orderTotal(205, 50)).toBe(155)
    expect(orderTotal(40, 50)).toBe(-10)
    expect(orderTotal(10.1, 5)).toBe(5.1)
  })

  it('splits the total into four payments', () => {
    expect(instalment(155)).toBe(38.75)
    expect(instalment(-10)).toBe(0)
  })
})

describe('promo codes (spec §5)', () => {
  it.each([
    ['FLAT50', 50, true],
    ['flat50', 50, true],
    ['  Flat50 ', 50, true],
    ['FLAT5', 5, false],
    ['SUMMER', 5, false],
  ])('%s gives %d off', (code, discount, valid) => {
    expect(promoFor(code)).toEqual({ code: valid ? 'FLAT50' : code.trim(), discount, valid })
  })

  it('gives nothing for an empty code', () => {
    expect(promoFor('')).toBeUndefined()
    expect(promoFor('   ')).toBeUndefined()
  })
})
