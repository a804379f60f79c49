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
    expect(changeQuantity(lines, String(lines[0].id), change)).toEqual(expected)
  })

  it('leaves the cart as it is for an unknown line', () => {
    expect(changeQuantity([line(1, 1)], '9', 'remove')).toEqual([line(1, 1)])
    expect(removeLine([line(1, 1)], '9')).toEqual([line(1, 1)])
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
    expect(changeQuantity(lines, '1', change)).toEqual(expected)
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

  it('removes one line by its key', () => {
    expect(removeLine([line(1, 1), line(2, 2)], '1')).toEqual([line(2, 2)])
  })
})

describe('cart rules per variant (rules.md § Options and variants)', () => {
  const shoe = (sku: string, stock: number): CartProduct => ({
    ...product(7),
    variant: { sku, label: `Size ${sku}` },
    stock,
  })

  it('keys a line by its product and its variant: two sizes of one shoe are two lines', () => {
    const lines = addLine(addLine(addLine([], shoe('9', 5)), shoe('10', 5)), shoe('9', 5))
    expect(lines.map((l) => [l.variant?.sku, l.quantity])).toEqual([
      ['9', 2],
      ['10', 1],
    ])
    expect(changeQuantity(lines, '7 10', 'add').map((l) => l.quantity)).toEqual([2, 2])
    expect(removeLine(lines, '7 9').map((l) => l.variant?.sku)).toEqual(['10'])
  })

  it('caps each variant at its own stock', () => {
    const two = addLine(addLine([], shoe('9', 2)), shoe('9', 2))
    expect(addLine(two, shoe('9', 2))).toEqual(two)
    expect(changeQuantity(two, '7 9', 'add')).toEqual(two)
    expect(addLine(two, shoe('10', 2)).map((l) => l.quantity)).toEqual([2, 1])
    expect(addLine([], shoe('11', 0))).toEqual([])
  })
})
