import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import { cartAtom } from '../cart/cart.atoms.ts'
import { saveForLaterAtom, moveToCartAtom } from './saved.actions.ts'
import { saveItemAtom, savedAtom } from './saved.atoms.ts'

const shoe = (sku: string, stock: number) => ({
  id: 109,
  title: 'Oxfords',
  category: 'mens-shoes',
  price: 189,
  discountPercentage: 7,
  thumbnail: '/t.svg',
  stock,
  variant: { sku, label: `Size ${sku}` },
})

describe('saved items with variants (rules.md § Options and variants)', () => {
  it('keep each variant apart, and Move to Cart adds that variant', () => {
    const store = createStore()
    store.set(saveItemAtom, shoe('9', 4))
    store.set(saveItemAtom, shoe('10', 3))
    store.set(saveItemAtom, shoe('9', 4))
    expect(store.get(savedAtom).map((item) => item.variant?.sku)).toEqual(['9', '10'])

    store.set(moveToCartAtom, store.get(savedAtom)[1]!)
    expect(store.get(cartAtom)).toEqual([{ ...shoe('10', 3), quantity: 1 }])
    expect(store.get(savedAtom).map((item) => item.variant?.sku)).toEqual(['9'])
  })

  it('Save for Later moves one variant’s line, leaving the other size in the cart', () => {
    const store = createStore()
    store.set(moveToCartAtom, shoe('9', 4))
    store.set(moveToCartAtom, shoe('10', 3))
    store.set(saveForLaterAtom, store.get(cartAtom)[0]!)
    expect(store.get(cartAtom).map((line) => line.variant?.sku)).toEqual(['10'])
    expect(store.get(savedAtom)).toEqual([shoe('9', 4)])
  })
})
