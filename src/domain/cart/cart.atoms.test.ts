import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import {
  addToCartAtom,
  applyStockAtom,
  cartAtom,
  cartCountAtom,
  changeQuantityAtom,
  clearCartAtom,
  orderAmountsAtom,
  removeFromCartAtom,
  stockNoticeAtom,
} from './cart.atoms.ts'

const product = {
  id: 4,
  title: 'Lamp',
  brand: 'Lumina',
  category: 'lighting',
  price: 40,
  discountPercentage: 10,
  thumbnail: '/t.svg',
}

describe('cart atoms', () => {
  it('apply the cart rules and keep the cart under "cart"', () => {
    const store = createStore()
    store.set(addToCartAtom, product)
    store.set(addToCartAtom, product)
    store.set(addToCartAtom, { ...product, id: 5 })
    expect(store.get(cartCountAtom)).toBe(3)
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toEqual([
      { ...product, quantity: 2 },
      { ...product, id: 5, quantity: 1 },
    ])
    store.set(changeQuantityAtom, { key: '4', change: 'remove' })
    store.set(changeQuantityAtom, { key: '4', change: 'remove' })
    expect(store.get(cartAtom).map((line) => line.id)).toEqual([5])
    store.set(removeFromCartAtom, '5')
    expect(store.get(cartAtom)).toEqual([])
  })

  it('restores the stored cart in a new store (another tab, a reload) and clears it', () => {
    createStore().set(addToCartAtom, product)
    const reloaded = createStore()
    expect(reloaded.get(cartCountAtom)).toBe(1)
    reloaded.set(clearCartAtom)
    expect(localStorage.getItem('cart')).toBeNull()
    expect(reloaded.get(cartAtom)).toEqual([])
  })
})

describe('the stock rules in the cart (rules.md § Stock)', () => {
  const limited = { ...product, stock: 2 }

  it('never holds more than the stock, and says whether an add was made', () => {
    const store = createStore()
    expect(store.set(addToCartAtom, limited)).toBe(true)
    expect(store.set(addToCartAtom, limited)).toBe(true)
    expect(store.set(addToCartAtom, limited)).toBe(false)
    store.set(changeQuantityAtom, { key: '4', change: 'add' })
    expect(store.get(cartCountAtom)).toBe(2)
  })

  it('lowers a line another tab (or an older build) stored past its stock', () => {
    localStorage.setItem('cart', JSON.stringify([{ ...limited, quantity: 7 }]))
    expect(createStore().get(cartAtom)).toEqual([{ ...limited, quantity: 2 }])
  })

  it('corrects stale lines against fresh data and says so per line', () => {
    const store = createStore()
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { ...product, stock: 9, quantity: 5 },
        { ...product, id: 5, stock: 9, quantity: 1 },
        { ...product, id: 6, stock: 9, quantity: 2 },
      ]),
    )
    const corrections = store.set(
      applyStockAtom,
      new Map([
        [4, { stock: 2 }],
        [5, { stock: 0 }],
        [6, { stock: 9 }],
      ]),
    )
    expect(corrections).toEqual([
      { key: '4', message: 'Quantity lowered to 2: only 2 left' },
      { key: '5', message: 'Out of Stock. Remove it or save it for later to place your order.' },
    ])
    expect(store.get(cartAtom).map(({ id, quantity, stock }) => [id, quantity, stock])).toEqual([
      [4, 2, 2],
      [5, 1, 0],
      [6, 2, 9],
    ])
    expect(store.get(stockNoticeAtom).get('4')).toBe('Quantity lowered to 2: only 2 left')

    // The out-of-stock line is left out of the amounts until it is removed or saved.
    const amounts = store.get(orderAmountsAtom)
    expect(amounts.lines.map((line) => line.id)).toEqual([4, 6])
    expect(amounts.unavailable.map((line) => line.id)).toEqual([5])
    expect(amounts.items).toBe(144)

    // Checked again with the same data: nothing new to say.
    expect(
      store.set(
        applyStockAtom,
        new Map([
          [4, { stock: 2 }],
          [5, { stock: 0 }],
        ]),
      ),
    ).toEqual([])
    // The shopper changing the line clears its notice.
    store.set(changeQuantityAtom, { key: '4', change: 'remove' })
    expect(store.get(stockNoticeAtom).has('4')).toBe(false)
  })
})

describe('cart atoms per variant (rules.md § Options and variants)', () => {
  const variant = (sku: string) => ({ sku, label: `Size ${sku}` })

  it('correct each variant’s line against that variant’s stock, and a variant no longer sold as gone', () => {
    const store = createStore()
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { ...product, variant: variant('S'), stock: 9, quantity: 5 },
        { ...product, variant: variant('M'), stock: 9, quantity: 1 },
        { ...product, variant: variant('XL'), stock: 9, quantity: 1 },
      ]),
    )
    const fresh = new Map([
      [
        4,
        {
          stock: 12,
          variants: [
            { sku: 'S', stock: 3 },
            { sku: 'M', stock: 9 },
          ],
        },
      ],
    ])
    expect(store.set(applyStockAtom, fresh)).toEqual([
      { key: '4 S', message: 'Quantity lowered to 3: only 3 left' },
      { key: '4 XL', message: 'Out of Stock. Remove it or save it for later to place your order.' },
    ])
    expect(
      store.get(cartAtom).map((line) => [line.variant?.sku, line.quantity, line.stock]),
    ).toEqual([
      ['S', 3, 3],
      ['M', 1, 9],
      ['XL', 1, 0],
    ])
  })

  it('still load a cart stored before products had options', () => {
    const stored = [{ ...product, stock: 9, minimumOrderQuantity: 1, quantity: 2 }]
    localStorage.setItem('cart', JSON.stringify(stored))
    expect(createStore().get(cartAtom)).toEqual(stored)
  })
})
