import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import seeds from './data/products.json' with { type: 'json' }
import { loadCatalogue, publish } from './catalogue.ts'
import { CATEGORY_SLUGS } from '../../shared/catalogue/categories.ts'
import { availabilityFor, barcodeFor } from './derive.ts'
import { productSchema, productSeedSchema, variantSeedProblems } from './product.schema.ts'
import { optionValuesInTitle } from '../../testing/option-values.ts'

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

  it('rates each product by the average of the reviews it lists, to 2 decimals', () => {
    for (const product of products) {
      const average = product.reviews.reduce((sum, r) => sum + r.rating, 0) / product.reviews.length
      expect(product.rating).toBeCloseTo(average, 2)
      expect(product.rating.toFixed(1)).toBe(average.toFixed(1))
    }
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

describe('options and variants (docs/api.md § Options and variants)', () => {
  const withVariants = products.filter((p) => p.variants)

  it('come with at least 30 products across at least 6 categories, in the forms real shops sell', () => {
    expect(withVariants.length).toBeGreaterThanOrEqual(30)
    expect(new Set(withVariants.map((p) => p.category)).size).toBeGreaterThanOrEqual(6)
    const optionNames = new Set(withVariants.flatMap((p) => p.options!.map((o) => o.name)))
    for (const name of ['Size', 'Colour', 'Storage', 'Strap']) expect(optionNames).toContain(name)
  })

  it('name one value of each of their product’s options, each combination once', () => {
    for (const p of withVariants) {
      const options = p.options!
      expect(options.length, `${p.id}`).toBeGreaterThanOrEqual(1)
      expect(options.length, `${p.id}`).toBeLessThanOrEqual(3)
      const combinations = p.variants!.map((variant) => {
        expect(Object.keys(variant.options).sort(), `${p.id}`).toEqual(
          options.map((o) => o.name).sort(),
        )
        for (const option of options)
          expect(option.values, `${p.id} ${variant.sku}`).toContain(variant.options[option.name])
        return JSON.stringify(options.map((o) => variant.options[o.name]))
      })
      expect(new Set(combinations).size, `${p.id}`).toBe(combinations.length)
    }
  })

  it('leave their values out of the product’s title, which names what every variant is', () => {
    // A title naming one size contradicted the others: "… 100ml (Size 200 ml)" in the cart.
    const named = withVariants
      .map((p) => [p.id, p.title, optionValuesInTitle(p.title, p.options!)] as const)
      .filter(([, , values]) => values.length > 0)
    expect(named).toEqual([])
  })

  it('find a value in a title however it is spaced or cased, and only as whole words', () => {
    const size = [{ name: 'Size', values: ['100 ml', '200 ml', 'S', 'XL'] }]
    const storage = [{ name: 'Storage', values: ['256GB', '512GB'] }]
    const colour = [{ name: 'Colour', values: ['Forest Green', 'Navy'] }]
    expect(optionValuesInTitle('Dior Sauvage Eau de Toilette 100ml', size)).toEqual(['Size 100 ml'])
    expect(optionValuesInTitle('Eau de Toilette (200 ML)', size)).toEqual(['Size 200 ml'])
    expect(optionValuesInTitle('Redmi Note 13 Pro 256 GB', storage)).toEqual(['Storage 256GB'])
    expect(optionValuesInTitle('Redmi Note 13 Pro 256gb', storage)).toEqual(['Storage 256GB'])
    expect(optionValuesInTitle('Crew Neck, forest green', colour)).toEqual(['Colour Forest Green'])
    expect(optionValuesInTitle('Men’s Slip-On Sneakers', size)).toEqual([])
    expect(optionValuesInTitle("Men's XLarge Tee 1000ml 2560GB", [...size, ...storage])).toEqual([])
    expect(optionValuesInTitle('Navy Blazer', colour)).toEqual(['Colour Navy'])
  })

  it('have SKUs unique across the catalogue, products’ and variants’ alike', () => {
    const skus = products.flatMap((p) => [p.sku, ...(p.variants ?? []).map((v) => v.sku)])
    expect(new Set(skus).size).toBe(skus.length)
    for (const p of withVariants)
      for (const variant of p.variants!) expect(variant.sku.startsWith(`${p.sku}-`)).toBe(true)
  })

  it('make the product’s price their lowest and its stock their sum, with availability from each stock', () => {
    for (const p of withVariants) {
      const variants = p.variants!
      expect(p.price, `${p.id}`).toBe(Math.min(...variants.map((v) => v.price)))
      expect(p.stock, `${p.id}`).toBe(variants.reduce((sum, v) => sum + v.stock, 0))
      expect(p.availabilityStatus).toBe(availabilityFor(p.stock))
      for (const variant of variants)
        expect(variant.availabilityStatus).toBe(availabilityFor(variant.stock))
    }
  })

  it('show a variant’s own photo among its product’s', () => {
    const pictured = withVariants.flatMap((p) =>
      p.variants!.filter((v) => v.image).map((v) => [p, v.image] as const),
    )
    expect(pictured.length).toBeGreaterThan(0)
    for (const [p, image] of pictured) expect(p.images).toContain(image)
  })

  it('have the cases a shop meets: a sold-out variant beside ones in stock, one with 1-4 left, an unsold combination, prices that differ', () => {
    const some = (test: (p: (typeof withVariants)[number]) => boolean) => withVariants.some(test)
    expect(some((p) => p.stock > 0 && p.variants!.some((v) => v.stock === 0))).toBe(true)
    expect(some((p) => p.variants!.some((v) => v.stock >= 1 && v.stock <= 4))).toBe(true)
    expect(
      some((p) => p.variants!.length < p.options!.reduce((n, o) => n * o.values.length, 1)),
    ).toBe(true)
    expect(some((p) => new Set(p.variants!.map((v) => v.price)).size > 1)).toBe(true)
  })

  it('are refused at start when they break the contract', () => {
    const seed = seeds[0] as v.InferOutput<typeof productSeedSchema>
    const options = [{ name: 'Size', values: ['S', 'M'] }]
    const variant = (size: string, stock: number, price?: number) => ({
      options: { Size: size },
      stock,
      ...(price !== undefined && { price }),
    })
    const problems = (change: object) => variantSeedProblems({ ...seed, ...change })
    const fine = { options, variants: [variant('S', 2), variant('M', seed.stock - 2)] }
    expect(problems(fine)).toEqual([])
    expect(problems({ options })).toEqual(['options and variants go together'])
    expect(
      problems({ ...fine, variants: [variant('S', 2), variant('S', seed.stock - 2)] }),
    ).toEqual(['variant S repeats'])
    expect(
      problems({ ...fine, variants: [variant('S', 2), variant('XL', seed.stock - 2)] }),
    ).toEqual(['variant XL does not name one value of each option'])
    expect(problems({ ...fine, variants: [variant('S', 2), variant('M', 1)] })).toEqual([
      `stock is not the variants' sum (3)`,
    ])
    expect(
      problems({
        ...fine,
        variants: [variant('S', 2), variant('M', seed.stock - 2, seed.price - 1)],
      }),
    ).toEqual(['price is not the lowest variant price'])
    expect(problems({ ...fine, options: [{ name: 'Size', values: ['7.5', '75'] }] })).toContain(
      'the values of Size do not make distinct SKU codes',
    )
  })
})
