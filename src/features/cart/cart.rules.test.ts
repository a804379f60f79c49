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

describe('cart rules (spec §4)', () => {
  it.each([
    ['adds a new product with quantity 1', [], 1, [line(1, 1)]],
    ['adds 1 to a product already present', [line(1, 1)], 1, [line(1, 2)]],
    ['keeps other lines and their order', [line(1, 1), line(2, 3)], 2, [line(1, 1), line(2, 4)]],
    ['appends a different product', [line(1, 1)], 2, [line(1, 1), line(2, 1)]],
  ])('add: %s', (_name, lines, id, expected) => {
    expect(addLine(lines, product(id))).toEqual(expected)
  })

  it('keeps only the cart fields of a fuller product', () => {
    const full = { ...product(3), description: 'long', images: ['a'], stock: 4 }
    expect(addLine([], full)).toEqual([line(3, 1)])
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

  it('removes one line by id', () => {
    expect(removeLine([line(1, 1), line(2, 2)], 1)).toEqual([line(2, 2)])
  })
})
