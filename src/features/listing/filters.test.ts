import { describe, expect, it } from 'vitest'
import type { ProductCardData } from '../../domain/catalogue/catalogue.schemas.ts'
import {
  applyFilters,
  toggleFilter,
  appliedFilters,
  brandOptions,
  brandValue,
  countFilters,
  filterGroups,
  sizeOptions,
} from './filters.ts'
import { parseListingSearch } from './listing-search.ts'
import { sortProducts } from '../../domain/catalogue/sort-products.ts'

const product = (id: number, fields: Partial<ProductCardData>): ProductCardData => ({
  id,
  title: `P${id}`,
  brand: 'Other',
  category: 'tops',
  price: 50,
  discountPercentage: 5,
  rating: 3.5,
  thumbnail: '',
  ...fields,
})

const ids = (products: readonly ProductCardData[]) => products.map((p) => p.id)

describe('filter semantics (rules.md § Constants and formulas)', () => {
  it.each([
    [
      'discount 10% is at most 10',
      { discount: ['10'] },
      [product(1, { discountPercentage: 10 }), product(2, { discountPercentage: 10.01 })],
      [1],
    ],
    [
      'discount 20% is at most 20',
      { discount: ['20'] },
      [product(1, { discountPercentage: 0 }), product(2, { discountPercentage: 25 })],
      [1],
    ],
    [
      'discount 50% is at most 50',
      { discount: ['50'] },
      [product(1, { discountPercentage: 50 }), product(2, { discountPercentage: 51 })],
      [1],
    ],
    [
      'Free is a 100% discount',
      { discount: ['free'] },
      [product(1, { discountPercentage: 100 }), product(2, { discountPercentage: 99 })],
      [1],
    ],
    [
      'price 10-100 includes 10, excludes 100',
      { price: ['10-100'] },
      [
        product(1, { price: 10, discountPercentage: 0 }),
        product(2, { price: 100, discountPercentage: 0 }),
        product(3, { price: 9.99, discountPercentage: 0 }),
      ],
      [1],
    ],
    [
      'price 100-500',
      { price: ['100-500'] },
      [
        product(1, { price: 100, discountPercentage: 0 }),
        product(2, { price: 499.99, discountPercentage: 0 }),
        product(3, { price: 500, discountPercentage: 0 }),
      ],
      [1, 2],
    ],
    [
      'price 500-1000',
      { price: ['500-1000'] },
      [
        product(1, { price: 999.99, discountPercentage: 0 }),
        product(2, { price: 1000, discountPercentage: 0 }),
      ],
      [1],
    ],
    [
      'price ranges go by the price shown, after the discount, to the cent',
      { price: ['500-1000'] },
      [
        // $549.99 less 15.59% shows $464.25; $1,099.00 less 11.3% shows $974.81.
        product(1, { price: 549.99, discountPercentage: 15.59 }),
        product(2, { price: 1099, discountPercentage: 11.3 }),
        // $526.32 less 5% shows $500.00 (500.004 to the cent): in the range.
        product(3, { price: 526.32, discountPercentage: 5 }),
      ],
      [2, 3],
    ],
    [
      'price 1000 and above',
      { price: ['1000+'] },
      [
        product(1, { price: 1000, discountPercentage: 0 }),
        product(2, { price: 999, discountPercentage: 0 }),
      ],
      [1],
    ],
    [
      'brand matches case-insensitively',
      { brand: ['top-sweater'] },
      [product(1, { brand: 'TOP SWEATER' }), product(2, { brand: 'Top' })],
      [1],
    ],
    [
      'brand never matches a product without one',
      { brand: ['apple'] },
      [product(1, { brand: undefined }), product(2, { brand: 'Apple' })],
      [2],
    ],
    [
      'a brand the scope does not have is ignored, like any unknown value',
      { brand: ['nokia'] },
      [product(1, { brand: 'Apple' }), product(2, { brand: undefined })],
      [1, 2],
    ],
    [
      'rating 5 is at least 5',
      { rating: ['5'] },
      [product(1, { rating: 5 }), product(2, { rating: 4.99 })],
      [1],
    ],
    [
      'rating 4 is at least 4',
      { rating: ['4'] },
      [product(1, { rating: 4 }), product(2, { rating: 3.9 })],
      [1],
    ],
    [
      'rating 3 is at least 3',
      { rating: ['3'] },
      [product(1, { rating: 3 }), product(2, { rating: 2.9 })],
      [1],
    ],
  ])('%s', (_name, filters, products, expected) => {
    expect(ids(applyFilters(products, filters))).toEqual(expected)
  })

  it('merges the results of all filters, across and within groups, de-duplicated, in catalogue order', () => {
    const products = [
      product(1, { brand: 'Apple', price: 1200 }),
      product(2, { brand: 'Samsung', price: 40 }),
      product(3, { brand: 'Other', price: 40, rating: 5 }),
      product(4, { brand: 'Other', price: 700, rating: 2 }),
    ]
    expect(ids(applyFilters(products, { brand: ['apple', 'samsung'] }))).toEqual([1, 2])
    // Apple OR price 10-100 OR rating 5: product 2 and 3 match twice, each appears once.
    expect(
      ids(applyFilters(products, { brand: ['apple'], price: ['10-100'], rating: ['5'] })),
    ).toEqual([1, 2, 3])
    expect(ids(applyFilters(products, {}))).toEqual([1, 2, 3, 4])
  })

  it('counts, labels and toggles filters', () => {
    const filters = toggleFilter(toggleFilter({}, 'brand', 'apple'), 'discount', 'free')
    expect(countFilters(filters)).toBe(2)
    expect(appliedFilters(filters).map((f) => f.label)).toEqual(['Free', 'Apple'])
    expect(toggleFilter(filters, 'brand', 'apple')).toEqual({
      discount: ['free'],
      brand: undefined,
    })
  })

  it('labels brands from the scope once known, and from their value until then', () => {
    const filters = { brand: ['dolce-gabbana', 'nokia'] }
    const scope = [product(1, { brand: 'Dolce & Gabbana' })]
    expect(appliedFilters(filters).map((f) => f.label)).toEqual(['Dolce Gabbana', 'Nokia'])
    expect(appliedFilters(filters, scope).map((f) => f.label)).toEqual(['Dolce & Gabbana'])
  })

  it('sorts by price either way or by rating, stable, like the API', () => {
    const products = [
      product(1, { price: 30, rating: 4 }),
      product(2, { price: 10, rating: 4 }),
      product(3, { price: 20, rating: 5 }),
    ]
    expect(ids(sortProducts(products, 'price-asc'))).toEqual([2, 3, 1])
    expect(ids(sortProducts(products, 'price-desc'))).toEqual([1, 3, 2])
    expect(ids(sortProducts(products, 'rating-desc'))).toEqual([3, 1, 2])
    expect(ids(sortProducts(products, undefined))).toEqual([1, 2, 3])
  })

  it('sorts by the price shown, after the discount, not by the list price', () => {
    const products = [
      // Shows $760.00 (list $800.00) and $722.50 (list $850.00).
      product(1, { price: 800, discountPercentage: 5 }),
      product(2, { price: 850, discountPercentage: 15 }),
    ]
    expect(ids(sortProducts(products, 'price-asc'))).toEqual([2, 1])
    expect(ids(sortProducts(products, 'price-desc'))).toEqual([1, 2])
  })
})

describe('brand options (decisions.md § Catalogue API)', () => {
  it("are the scope's brands, the spec's five first in their order, then the rest alphabetically", () => {
    const scope = [
      product(1, { brand: 'Zeta' }),
      product(2, { brand: 'Soft Cotton' }),
      product(3, { brand: 'alpha' }),
      product(4, { brand: 'Samsung' }),
      product(5, { brand: undefined }),
      product(6, { brand: 'Apple' }),
      product(7, { brand: 'Samsung' }),
      product(8, { brand: 'Dolce & Gabbana' }),
    ]
    expect(brandOptions(scope).map(({ value, label }) => [value, label])).toEqual([
      ['apple', 'Apple'],
      ['samsung', 'Samsung'],
      ['soft-cotton', 'Soft Cotton'],
      ['alpha', 'alpha'],
      ['dolce-gabbana', 'Dolce & Gabbana'],
      ['zeta', 'Zeta'],
    ])
  })

  it('offers no option that matches nothing: every option finds products, none lacks a brand', () => {
    const scope = [product(1, { brand: 'Apple' }), product(2, { brand: undefined })]
    for (const option of brandOptions(scope))
      expect(applyFilters(scope, { brand: [option.value] }).length).toBeGreaterThan(0)
    expect(brandOptions([product(1, { brand: undefined })])).toEqual([])
  })

  it('gives each brand a URL value of lower-case words joined by hyphens', () => {
    expect(brandValue('Top Sweater')).toBe('top-sweater')
    expect(brandValue('Dolce & Gabbana')).toBe('dolce-gabbana')
    expect(brandValue("Chic Cosmetics'")).toBe('chic-cosmetics')
    expect(parseListingSearch({ brand: [brandValue('Dolce & Gabbana')] }).brand).toEqual([
      'dolce-gabbana',
    ])
  })
})

describe('listing URL state', () => {
  it('reads valid filters and sort', () => {
    expect(
      parseListingSearch({ sort: 'price-desc', brand: ['apple', 'samsung'], rating: '4' }),
    ).toEqual({
      sort: 'price-desc',
      brand: ['apple', 'samsung'],
      rating: ['4'],
      discount: undefined,
      price: undefined,
    })
    expect(parseListingSearch({ discount: 'free,10' })).toMatchObject({ discount: ['free', '10'] })
  })

  it.each([
    [{ sort: 'cheapest' }],
    [{ brand: 'Nokia<script>' }],
    [{ brand: ['-apple', 'a--b', 'x'.repeat(61)] }],
    [{ price: { from: 1 } }],
    [{ rating: ['7', '<script>'] }],
    [{ size: ['<b>', 'x'.repeat(61)] }],
    [{ discount: null }],
    [{ unknown: 'x' }],
  ])('falls back to the default for %j', (search) => {
    // Every key present and undefined: the router then drops them, raw values included.
    expect(parseListingSearch(search)).toStrictEqual({
      sort: undefined,
      discount: undefined,
      price: undefined,
      brand: undefined,
      rating: undefined,
      size: undefined,
      page: undefined,
    })
  })

  it.each([['1'], ['0'], ['-2'], ['2.5'], ['21'], ['two'], [['2']]])(
    'reads ?page=%j as the first page only',
    (page) => expect(parseListingSearch({ page }).page).toBeUndefined(),
  )

  it('reads ?page=2 (or 2) as two pages', () => {
    expect(parseListingSearch({ page: '2' }).page).toBe(2)
    expect(parseListingSearch({ page: 20 }).page).toBe(20)
  })

  it('keeps the valid part of a partly malformed URL and drops repeats', () => {
    expect(parseListingSearch({ sort: 'nope', brand: ['apple', 'apple', 'X!'], price: 5 })).toEqual(
      {
        sort: undefined,
        discount: undefined,
        price: undefined,
        brand: ['apple'],
        rating: undefined,
      },
    )
  })
})

describe('size options (rules.md § Options and variants)', () => {
  const sized = (id: number, sizes: Record<string, number>) =>
    product(id, {
      variants: Object.entries(sizes).map(([size, stock]) => ({
        sku: `P${id}-${size}`,
        options: { Size: size, Colour: 'Black' },
        price: 50,
        discountPercentage: 0,
        stock,
      })),
    })
  const scope = [
    sized(1, { M: 3, XS: 1, XL: 0 }),
    sized(2, { L: 2, S: 5 }),
    sized(3, { '10': 1, '9': 4, '50 ml': 2 }),
    product(4, {}),
  ]

  it('are the sizes the scope has in stock, smallest first, each with a URL value', () => {
    expect(sizeOptions(scope).map(({ value, label }) => [value, label])).toEqual([
      ['xs', 'XS'],
      ['s', 'S'],
      ['m', 'M'],
      ['l', 'L'],
      ['9', '9'],
      ['10', '10'],
      ['50-ml', '50 ml'],
    ])
    // A scope without sizes has no Size group at all.
    expect(filterGroups([product(4, {})]).map((group) => group.key)).not.toContain('size')
    expect(filterGroups(scope).at(-1)?.title).toBe('Size')
  })

  it('select the products with a variant of that size in stock, kept in the URL', () => {
    expect(ids(applyFilters(scope, { size: ['m'] }))).toEqual([1])
    // A size no product has in stock is no option: like an unknown brand, it narrows nothing.
    expect(ids(applyFilters(scope, { size: ['xl'] }))).toEqual([1, 2, 3, 4])
    expect(ids(applyFilters(scope, { size: ['s', '9'] }))).toEqual([2, 3])
    expect(parseListingSearch({ size: ['m', '50-ml'] })).toMatchObject({ size: ['m', '50-ml'] })
    expect(appliedFilters({ size: ['m'] }, scope)).toEqual([
      { group: 'size', value: 'm', label: 'M' },
    ])
    expect(appliedFilters({ size: ['m'] })).toEqual([{ group: 'size', value: 'm', label: 'M' }])
  })
})
