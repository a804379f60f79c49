import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import {
  addToCartAtom,
  cartAtom,
  cartCountAtom,
  changeQuantityAtom,
  clearCartAtom,
  removeFromCartAtom,
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
    store.set(changeQuantityAtom, { id: 4, change: 'remove' })
    store.set(changeQuantityAtom, { id: 4, change: 'remove' })
    expect(store.get(cartAtom).map((line) => line.id)).toEqual([5])
    store.set(removeFromCartAtom, 5)
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
