import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { cartLineSchema } from '../../src/domain/cart/cart.schemas.ts'
import { SHIPPING_ADDRESS } from '../../testing/shopper.ts'
import { loadCatalogue, type Catalogue } from '../catalogue/catalogue.ts'
import type { StoredEntry, StoredState } from './account-store.ts'
import { sellable, stockOf } from './lines.ts'
import { presentCopy } from './present.ts'

const catalogue = loadCatalogue()
const thumbnailOf = (path: string) => `https://shop.example/api/${path}?v=1`
const T = 1_800_000_000_000

const entry = (
  kind: 'cart' | 'saved',
  id: number,
  addedAt: number,
  { sku, quantity }: { sku?: string; quantity?: number } = {},
): StoredEntry =>
  kind === 'cart'
    ? {
        kind,
        key: sku ? `${id} ${sku}` : String(id),
        value: { id, ...(sku && { sku }), quantity: quantity ?? 1 },
        changedAt: addedAt,
        addedAt,
      }
    : {
        kind,
        key: sku ? `${id} ${sku}` : String(id),
        value: { id, ...(sku && { sku }) },
        changedAt: addedAt,
        addedAt,
      }

const copyOf = (entries: StoredEntry[], from: Catalogue = catalogue) =>
  presentCopy({ version: 3, entries } satisfies StoredState, from, thumbnailOf)

/** The catalogue after a deploy without product 3 and product 6's 256GB. */
const shrunk: Catalogue = {
  ...catalogue,
  byId(id) {
    const product = catalogue.byId(id)
    if (!product || id === 3) return undefined
    if (id !== 6) return product
    return { ...product, variants: product.variants?.filter((each) => !each.sku.endsWith('256GB')) }
  },
}

/** The fields of the device's saved item (src/domain/saved/saved.atoms.ts, `savedItemSchema`). */
const SAVED_FIELDS = [
  'id',
  'title',
  'brand',
  'category',
  'price',
  'discountPercentage',
  'rating',
  'thumbnail',
  'stock',
  'minimumOrderQuantity',
  'variant',
]

describe('the copy an answer carries (docs/api.md § Account state)', () => {
  it('fills each line from the catalogue: a variant’s own price, stock and name, the product’s thumbnail', () => {
    const copy = copyOf([
      entry('cart', 1, T, { quantity: 2 }),
      entry('cart', 6, T + 1, { sku: 'SMA-SAM-006-256GB', quantity: 3 }),
    ])
    expect(copy.cart).toEqual([
      {
        id: 1,
        title: 'iPhone 15 Pro Max 256GB',
        brand: 'Apple',
        category: 'smartphones',
        price: 1199,
        discountPercentage: 4.5,
        thumbnail: 'https://shop.example/api/images/products/1/thumbnail.svg?v=1',
        quantity: 2,
        stock: 42,
        minimumOrderQuantity: 1,
      },
      {
        id: 6,
        title: 'Samsung Galaxy A54 5G',
        brand: 'Samsung',
        category: 'smartphones',
        price: 509.99,
        discountPercentage: 15.75,
        thumbnail: 'https://shop.example/api/images/products/6/thumbnail.svg?v=1',
        quantity: 3,
        stock: 28,
        minimumOrderQuantity: 1,
        variant: { sku: 'SMA-SAM-006-256GB', label: 'Storage 256GB' },
      },
    ])
    // Exactly the device's line: its schema takes each whole, and has every field the line has.
    for (const line of copy.cart) {
      expect(v.parse(cartLineSchema, line)).toEqual(line)
      expect(Object.keys(cartLineSchema.entries)).toEqual(expect.arrayContaining(Object.keys(line)))
    }
  })

  it('fills saved items with the fields the device keeps, the rating among them', () => {
    const copy = copyOf([
      entry('saved', 9, T, { sku: 'SMA-MOT-009-128GB' }),
      entry('saved', 44, T + 1),
    ])
    expect(copy.saved).toEqual([
      expect.objectContaining({
        id: 9,
        price: 179.99,
        stock: 35,
        rating: 3.33,
        variant: { sku: 'SMA-MOT-009-128GB', label: 'Storage 128GB' },
      }),
      expect.objectContaining({ id: 44, price: 21.5, stock: 7, minimumOrderQuantity: 2 }),
    ])
    for (const item of copy.saved)
      expect(SAVED_FIELDS).toEqual(expect.arrayContaining(Object.keys(item)))
  })

  it('lists live entries in the order the copy first had them, with the address and the version', () => {
    const copy = copyOf([
      entry('cart', 44, T + 2),
      entry('cart', 1, T),
      { ...entry('cart', 9, T + 1, { sku: 'SMA-MOT-009-64GB' }), value: null },
      entry('saved', 1, T + 5),
      entry('saved', 44, T + 4),
      { kind: 'address', key: '', value: SHIPPING_ADDRESS, changedAt: T, addedAt: T },
    ])
    expect(copy.version).toBe(3)
    expect(copy.cart.map((line) => line.id)).toEqual([1, 44])
    expect(copy.saved.map((item) => item.id)).toEqual([44, 1])
    expect(copy.address).toEqual(SHIPPING_ADDRESS)
    expect(copyOf([]).address).toBeNull()
  })

  it('leaves out a line whose product or variant has left the catalogue', () => {
    const entries = [
      entry('cart', 3, T),
      entry('cart', 6, T + 1, { sku: 'SMA-SAM-006-256GB' }),
      entry('cart', 6, T + 2, { sku: 'SMA-SAM-006-128GB' }),
      entry('saved', 3, T + 3),
      entry('saved', 1, T + 4),
    ]
    expect(copyOf(entries).cart).toHaveLength(3)
    const copy = copyOf(entries, shrunk)
    expect(copy.cart.map((line) => line.variant?.sku)).toEqual(['SMA-SAM-006-128GB'])
    expect(copy.saved.map((item) => item.id)).toEqual([1])
  })
})

describe('which lines the shop sells (the checks of PATCH, and what a merge drops)', () => {
  it('names a known product without options, or a variant of one with them', () => {
    expect(sellable(catalogue, { id: 1 })).toMatchObject({ product: { id: 1 } })
    expect(sellable(catalogue, { id: 6, sku: 'SMA-SAM-006-256GB' })).toMatchObject({
      variant: { sku: 'SMA-SAM-006-256GB' },
    })
    expect(stockOf(catalogue, { id: 6, sku: 'SMA-SAM-006-256GB' })).toBe(28)
    expect(stockOf(catalogue, { id: 44 })).toBe(7)
  })

  it('refuses an unknown product, an unknown SKU, a missing SKU and a SKU on a product without options', () => {
    expect(sellable(catalogue, { id: 99_999 })).toEqual({
      field: 'id',
      problem: 'no product 99999',
    })
    expect(sellable(catalogue, { id: 6, sku: 'SMA-SAM-006-1TB' })).toEqual({
      field: 'sku',
      problem: 'product 6 has no variant SMA-SAM-006-1TB',
    })
    expect(sellable(catalogue, { id: 6 })).toEqual({
      field: 'sku',
      problem: 'product 6 is sold in options: name one',
    })
    expect(sellable(catalogue, { id: 1, sku: 'SMA-SAM-006-128GB' })).toEqual({
      field: 'sku',
      problem: 'product 1 is not sold in options: send no sku',
    })
    // A variant of another product is not this one's.
    expect(sellable(catalogue, { id: 9, sku: 'SMA-SAM-006-128GB' })).toMatchObject({ field: 'sku' })
    expect(stockOf(shrunk, { id: 3 })).toBeUndefined()
  })
})
