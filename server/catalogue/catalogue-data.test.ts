import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import seeds from './data/products.json' with { type: 'json' }
import { loadCatalogue, publish } from './catalogue.ts'
import { CATEGORY_SLUGS } from '../../shared/catalogue/categories.ts'
import { availabilityFor, barcodeFor } from './derive.ts'
import { productSchema, productSeedSchema } from './product.schema.ts'

const catalogue = loadCatalogue()
const products = catalogue.products.map((p) =>
  publish(p, { origin: 'http://localhost', apiBase: '/api', versionedImage: (path) => path }),
)

/** The filter options of rules.md § Data and reference lists with the semantics of rules.md § Constants and formulas / decisions.md § Data fetching and caching. */
const FILTERS = {
  discount: {
    '10%': (d: number) => d <= 10,
    '20%': (d: number) => d <= 20,
    '50%': (d: number) => d <= 50,
    Free: (d: number) => d >= 100,
  },
  price: {
    '10-100': (p: number) => p >= 10 && p < 100,
    '100-500': (p: number) => p >= 100 && p < 500,
    '500-1000': (p: number) => p >= 500 && p < 1000,
    '1000 and above': (p: number) => p >= 1000,
  },
  rating: { '5': (r: number) => r >= 5, '4': (r: number) => r >= 4, '3': (r: number) => r >= 3 },
  brand: ['Apple', 'Samsung', 'Sneakers', 'Top Sweater', 'Soft Cotton'],
}

describe('the bundled catalogue data', () => {
  it('is valid against the seed schema and, once built, against the product schema', () => {
    expect(v.safeParse(v.array(productSeedSchema), seeds).issues).toBeUndefined()
    for (const product of products) {
      const result = v.safeParse(productSchema, product)
      expect(
        result.issues?.map((i) => `${product.id} ${v.getDotPath(i)}: ${i.message}`),
      ).toBeUndefined()
    }
  })

  it('has at least 8 products in each of the 20 categories, at least 160 in all, grouped in carousel order', () => {
    expect(products.length).toBeGreaterThanOrEqual(160)
    for (const slug of CATEGORY_SLUGS)
      expect(catalogue.inCategory(slug).length, slug).toBeGreaterThanOrEqual(8)
    const order = [...new Set(products.map((p) => p.category))]
    expect(order).toEqual([...CATEGORY_SLUGS])
  })

  it('has contiguous ids from 1 and unique titles and SKUs', () => {
    expect(products.map((p) => p.id)).toEqual(products.map((_, i) => i + 1))
    expect(new Set(products.map((p) => p.title.toLowerCase())).size).toBe(products.length)
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length)
  })

  it('keeps availabilityStatus consistent with stock, and has each status', () => {
    for (const p of products) expect(p.availabilityStatus).toBe(availabilityFor(p.stock))
    expect(new Set(products.map((p) => p.availabilityStatus))).toEqual(
      new Set(['In Stock', 'Low Stock', 'Out of Stock']),
    )
    expect(availabilityFor(0)).toBe('Out of Stock')
    expect(availabilityFor(9)).toBe('Low Stock')
    expect(availabilityFor(10)).toBe('In Stock')
  })

  it('fills every field: 3 reviews, 1-4 images, a valid EAN-13 barcode', () => {
    for (const p of products) {
      expect(p.reviews).toHaveLength(3)
      expect(p.images.length).toBeGreaterThanOrEqual(1)
      expect(p.images.length).toBeLessThanOrEqual(4)
      const digits = [...p.meta.barcode].map(Number)
      const sum = digits.slice(0, 12).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0)
      expect(digits[12]).toBe((10 - (sum % 10)) % 10)
      expect(Date.parse(p.meta.updatedAt)).toBeGreaterThan(Date.parse(p.meta.createdAt))
    }
    expect(barcodeFor(1)).toBe(barcodeFor(1))
  })

  it('gives every filter option of rules.md § Data and reference lists at least one product', () => {
    for (const [name, match] of Object.entries(FILTERS.discount)) {
      expect(
        products.some((p) => match(p.discountPercentage)),
        `discount ${name}`,
      ).toBe(true)
    }
    for (const [name, match] of Object.entries(FILTERS.price)) {
      expect(
        products.some((p) => match(p.price)),
        `price ${name}`,
      ).toBe(true)
    }
    for (const [name, match] of Object.entries(FILTERS.rating)) {
      expect(
        products.some((p) => match(p.rating)),
        `rating ${name}`,
      ).toBe(true)
    }
    for (const brand of FILTERS.brand) {
      expect(
        products.some((p) => p.brand.toLowerCase() === brand.toLowerCase()),
        `brand ${brand}`,
      ).toBe(true)
    }
  })

  it('has a few 100%-discount promotional items and Apple and Samsung phones and laptops', () => {
    const free = products.filter((p) => p.discountPercentage === 100)
    expect(free.length).toBeGreaterThanOrEqual(3)
    for (const category of ['smartphones', 'laptops']) {
      const brands = new Set(catalogue.inCategory(category).map((p) => p.brand))
      expect(brands.has('Apple') && brands.has('Samsung'), category).toBe(true)
    }
  })
})
