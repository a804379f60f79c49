import { describe, expect, it } from 'vitest'
import { addLine, changeQuantity, removeLine, type CartProduct } from './cart.rules.ts'
import type { CartLine } from './cart.schemas.ts'

const product = (id: number): CartProduct => ({
  id,
  title: `Product ${id}`,
  brand: 'Brand',
  category: 'tops',
  price: 10 * id,
  discountPercentage: 5,
  thumbnail: `/img/${id}.svg`,
})
const line = (id: number, quantity: number): CartLine => ({ ...product(id), quantity })

describe('cart rules (rules.md § State changes)', () => {
  it.each([
    ['adds a new product with quantity 1', [], 1, [line(1, 1)]],
    ['adds 1 to a product already present', [line(1, 1)], 1, [line(1, 2)]],
    ['keeps other lines and their order', [line(1, 1), line(2, 3)], 2, [line(1, 1), line(2, 4)]],
    ['appends a different product', [line(1, 1)], 2, [line(1, 1), line(2, 1)]],
  ])('add: %s', (_name, lines, id, expected) => {
    expect(addLine(lines, product(id))).toEqual(expected)
  })

  it('keeps only the cart fields of a fuller product, and its stock rules', () => {
    const full = { ...product(3), description: 'long', images: ['a'], stock: 4 }
    expect(addLine([], full)).toEqual([{ ...line(3, 1), stock: 4 }])
  })

  it.each([
    ["'add' adds one", [line(1, 2)], 'add', [line(1, 3)]],
    ["'remove' takes one away", [line(1, 2)], 'remove', [line(1, 1)]],
    ["'remove' at 1 drops the line", [line(1, 1), line(2, 1)], 'remove', [line(2, 1)]],
  ] as const)('change quantity: %s', (_name, lines, change, expected) => {
    expect(changeQuantity(lines, lines[0].id, change)).toEqual(expected)
  })

  it('leaves the cart as it is for an unknown id', () => {
    expect(changeQuantity([line(1, 1)], 9, 'remove')).toEqual([line(1, 1)])
    expect(removeLine([line(1, 1)], 9)).toEqual([line(1, 1)])
  })

  it.each([
    ['stops at the stock', [{ ...line(1, 2), stock: 2 }], 'add', [{ ...line(1, 2), stock: 2 }]],
    [
      'stops at a minimum above 1',
      [{ ...line(1, 3), minimumOrderQuantity: 3 }],
      'remove',
      [{ ...line(1, 3), minimumOrderQuantity: 3 }],
    ],
    ['drops a line of 1 (rules.md § State changes)', [{ ...line(1, 1), stock: 2 }], 'remove', []],
  ] as const)('change quantity with stock rules: %s', (_name, lines, change, expected) => {
    expect(changeQuantity(lines, 1, change)).toEqual(expected)
  })

  it('adds the minimum order first, one more after, and nothing past the stock', () => {
    const limited = { ...product(1), stock: 5, minimumOrderQuantity: 4 }
    const first = addLine([], limited)
    expect(first).toEqual([{ ...line(1, 4), stock: 5, minimumOrderQuantity: 4 }])
    const second = addLine(first, limited)
    expect(second[0]?.quantity).toBe(5)
    expect(addLine(second, limited)).toEqual(second)
    expect(addLine([], { ...product(2), stock: 0 })).toEqual([])
  })

  it('takes the stock a product has now when it is added again', () => {
    const kept = [{ ...line(1, 1), stock: 1 }]
    expect(addLine(kept, { ...product(1), stock: 3 })).toEqual([{ ...line(1, 2), stock: 3 }])
  })

  it('removes one line by id', () => {
    expect(removeLine([line(1, 1), line(2, 2)], 1)).toEqual([line(2, 2)])
  })
})
