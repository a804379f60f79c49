import { describe, expect, it } from 'vitest'
import {
  addLimitReason,
  correctionOf,
  isAvailable,
  limitsOf,
  MAX_LINE_QUANTITY,
  quantityAfterAdd,
  quantityAfterRemove,
  removeLimitReason,
  unavailableReason,
  withinLimits,
} from './quantity.ts'

describe('the limits of a product', () => {
  it.each([
    ['unknown stock and minimum limit nothing', {}, { min: 1, max: MAX_LINE_QUANTITY }],
    ['the stock is the most', { stock: 2 }, { min: 1, max: 2 }],
    [
      'the minimum order is the least',
      { stock: 99, minimumOrderQuantity: 48 },
      { min: 48, max: 99 },
    ],
    ['stock 0', { stock: 0 }, { min: 1, max: 0 }],
    ['a minimum of 0 still means 1', { stock: 5, minimumOrderQuantity: 0 }, { min: 1, max: 5 }],
    ['more stock than a line may hold', { stock: 5000 }, { min: 1, max: MAX_LINE_QUANTITY }],
  ])('%s', (_name, facts, limits) => {
    expect(limitsOf(facts)).toEqual(limits)
  })

  it.each([
    [{ stock: 3 }, true],
    [{ stock: 0 }, false],
    [{ stock: 48, minimumOrderQuantity: 48 }, true],
    [{ stock: 3, minimumOrderQuantity: 7 }, false],
  ])('%o can be bought: %s', (facts, available) => {
    expect(isAvailable(limitsOf(facts))).toBe(available)
  })
})

describe('Add to Cart and Edit Item', () => {
  it.each([
    ['a first add is 1', { stock: 5 }, 0, 1],
    ['one more', { stock: 5 }, 1, 2],
    ['up to the stock', { stock: 2 }, 1, 2],
    ['not past the stock', { stock: 2 }, 2, null],
    ['nothing of stock 0', { stock: 0 }, 0, null],
    ['a first add is the minimum order', { stock: 99, minimumOrderQuantity: 48 }, 0, 48],
    ['one more past the minimum', { stock: 99, minimumOrderQuantity: 48 }, 48, 49],
    ['the minimum, when exactly in stock', { stock: 48, minimumOrderQuantity: 48 }, 0, 48],
    ['nothing when the stock is under the minimum', { stock: 3, minimumOrderQuantity: 7 }, 0, null],
    ['a stale line under the minimum goes up to it', { stock: 99, minimumOrderQuantity: 5 }, 2, 5],
  ])('add: %s', (_name, facts, current, next) => {
    expect(quantityAfterAdd(current, limitsOf(facts))).toBe(next)
  })

  it.each([
    ['one less', { stock: 5 }, 3, 2],
    ['from 1 the line leaves (rules.md § State changes)', { stock: 5 }, 1, 0],
    ['one less, above the minimum', { minimumOrderQuantity: 3 }, 4, 3],
    ['not under a minimum above 1', { minimumOrderQuantity: 3 }, 3, null],
    ['a line of 1 with a minimum still leaves', { minimumOrderQuantity: 3 }, 1, 0],
  ])('remove: %s', (_name, facts, current, next) => {
    expect(quantityAfterRemove(current, limitsOf(facts))).toBe(next)
  })

  it.each([
    ['nothing stops', { stock: 5 }, 1, undefined],
    ['the cart has all of them', { stock: 2 }, 2, 'Only 2 left: your cart has all of them'],
    ['the cart has the last one', { stock: 1 }, 1, 'Only 1 left: your cart has it'],
    ['out of stock', { stock: 0 }, 0, 'Out of Stock'],
    [
      'fewer than the minimum',
      { stock: 3, minimumOrderQuantity: 7 },
      0,
      'Only 3 left, fewer than the minimum order of 7',
    ],
  ])('why add stops: %s', (_name, facts, current, reason) => {
    expect(addLimitReason(current, limitsOf(facts))).toBe(reason)
  })

  it('says why one less stops at a minimum', () => {
    const limits = limitsOf({ stock: 99, minimumOrderQuantity: 48 })
    expect(removeLimitReason(48, limits)).toBe('The minimum order is 48: remove the item instead')
    expect(removeLimitReason(49, limits)).toBeUndefined()
  })
})

describe('a kept quantity against fresh data', () => {
  it.each([
    ['within the limits', 2, { stock: 5 }, 2],
    ['lowered to the stock', 5, { stock: 2 }, 2],
    ['raised to the minimum', 2, { stock: 99, minimumOrderQuantity: 4 }, 4],
    ['kept when it cannot be bought (the line is marked)', 3, { stock: 0 }, 3],
  ])('%s', (_name, quantity, facts, expected) => {
    expect(withinLimits(quantity, limitsOf(facts))).toBe(expected)
  })

  it.each([
    ['nothing to correct', 2, { stock: 5 }, undefined],
    [
      'a line over the stock',
      5,
      { stock: 2 },
      { quantity: 2, message: 'Quantity lowered to 2: only 2 left' },
    ],
    [
      'a line under the minimum',
      1,
      { stock: 50, minimumOrderQuantity: 3 },
      { quantity: 3, message: 'Quantity raised to 3: the minimum order' },
    ],
    [
      'an out-of-stock line keeps its quantity',
      2,
      { stock: 0 },
      {
        quantity: 2,
        message: 'Out of Stock. Remove it or save it for later to place your order.',
      },
    ],
    [
      'a line whose stock fell under the minimum',
      4,
      { stock: 3, minimumOrderQuantity: 4 },
      {
        quantity: 4,
        message:
          'Only 3 left, fewer than the minimum order of 4. Remove it or save it for later to place your order.',
      },
    ],
  ])('%s', (_name, quantity, facts, correction) => {
    expect(correctionOf(quantity, limitsOf(facts))).toEqual(correction)
  })

  it('names no reason for a product that can be bought', () => {
    expect(unavailableReason(limitsOf({ stock: 1 }))).toBeUndefined()
  })
})
