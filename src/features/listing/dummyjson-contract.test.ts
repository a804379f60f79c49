import { describe, expect, it } from 'vitest'
import categoryList from '../../../testing/dummyjson/recorded/category-list.json'
import categories from '../../../testing/dummyjson/recorded/categories.json'
import categoryThumbnails from '../../../testing/dummyjson/recorded/category-thumbnails.json'
import groceriesScope from '../../../testing/dummyjson/recorded/groceries-scope.json'
import productNotFound from '../../../testing/dummyjson/recorded/product-not-found.json'
import product1 from '../../../testing/dummyjson/recorded/product-1.json'
import productsPage from '../../../testing/dummyjson/recorded/products-page.json'
import searchPhone from '../../../testing/dummyjson/recorded/search-phone.json'
import { errorMessages } from '../../lib/api-error.ts'
import {
  only,
  parsed,
  recorded,
  recordedError,
  rejection,
  sentRequest,
  serve,
} from '../../test/recorded-api.ts'
import * as catalogue from '../../domain/catalogue/catalogue.api.ts'
import { PRODUCT_FIELDS } from '../../domain/catalogue/catalogue.schemas.ts'
import { brandOptions } from './filters.ts'
import { apiSorts, sortProducts } from '../../domain/catalogue/sort-products.ts'
import { SORT_OPTIONS } from '../../domain/catalogue/sorting.ts'
import { shownPrice } from '../../../shared/pricing/pricing.ts'

/*
 * The SPA's own API layer against RECORDED answers of the public DummyJSON API
 * (testing/dummyjson/recorded, README there): each test serves the answer recorded for the request
 * the SPA makes, then checks both that request and what the fetcher makes of the answer. Only the
 * network is replaced.
 */

const CDN = /^https:\/\/cdn\.dummyjson\.com\//
/** Every field of a DummyJSON product (its recorded full answer). */
const DUMMYJSON_PRODUCT_FIELDS = Object.keys(product1)

describe('categories', () => {
  it('fetchCategories: GET products/categories → 24 categories in the recorded order, no picture', async () => {
    const sent = serve('get', 'products/categories', recorded(categories))

    const result = await parsed(catalogue.fetchCategories())

    expect(sent).toEqual([sentRequest({ method: 'GET', path: '/api/products/categories' })])
    expect(result).toHaveLength(24)
    expect(result.map((category) => category.slug)).toEqual(categoryList)
    expect(result.map((category) => category.name)).toEqual(categories.map((c) => c.name))
    expect(result[3]).toEqual({ slug: 'groceries', name: 'Groceries' })
    // DummyJSON's categories have no picture: the storefront shows a product's instead.
    expect(result.filter((category) => category.image !== undefined)).toEqual([])
  })

  it('fetchCategoryThumbnails: limit=0 and select=category,thumbnail → the first product’s thumbnail of each of the 24', async () => {
    const sent = serve('get', 'products', recorded(categoryThumbnails))

    const thumbnails = await parsed(catalogue.fetchCategoryThumbnails())

    expect(sent).toEqual([
      sentRequest({
        method: 'GET',
        path: '/api/products',
        query: { limit: '0', select: 'category,thumbnail' },
      }),
    ])
    expect(Object.keys(thumbnails)).toEqual(categoryList)
    for (const slug of categoryList) {
      const first = categoryThumbnails.products.find((product) => product.category === slug)
      expect(thumbnails[slug]).toBe(first?.thumbnail)
    }
    expect(thumbnails.beauty).toBe(
      'https://cdn.dummyjson.com/product-images/beauty/essence-mascara-lash-princess/thumbnail.webp',
    )
    expect(Object.values(thumbnails).filter((url) => !CDN.test(url))).toEqual([])
  })
})

describe('product listings', () => {
  it('fetchProductPage({}, 0, 30): GET products?limit=30&skip=0 → 30 of 194, groceries without brand', async () => {
    const sent = serve('get', 'products', recorded(productsPage))

    const page = await parsed(catalogue.fetchProductPage({}, 0, 30))

    expect(sent).toEqual([
      sentRequest({ method: 'GET', path: '/api/products', query: { limit: '30', skip: '0' } }),
    ])
    expect(page).toMatchObject({ total: 194, skip: 0, limit: 30 })
    expect(page.products.map((product) => product.id)).toEqual(
      Array.from({ length: 30 }, (_, index) => index + 1),
    )
    expect(page.products[0]).toMatchObject({
      title: 'Essence Mascara Lash Princess',
      brand: 'Essence',
      tags: ['beauty', 'mascara'],
    })
    // DummyJSON's groceries have no brand at all (the key is absent).
    const groceries = page.products.filter((product) => product.category === 'groceries')
    expect(groceries).toHaveLength(15)
    expect(groceries.map((product) => product.brand)).toEqual(Array(15).fill(undefined))
    const urls = page.products.flatMap((product) => [product.thumbnail, ...product.images])
    expect(urls.filter((url) => !CDN.test(url))).toEqual([])
  })

  it('a page with brandless products still gives Brand filter options: only the real brands', async () => {
    serve('get', 'products', recorded(productsPage))

    const page = await parsed(catalogue.fetchProductPage({}, 0, 30))
    const options = brandOptions(page.products)

    const recordedBrands = productsPage.products.flatMap((product) => product.brand ?? [])
    expect(options.map((option) => option.label)).toEqual(
      [...new Set(recordedBrands)].sort((a, b) => a.localeCompare(b)),
    )
    const apple = page.products.find((product) => product.title === 'Apple')
    expect(apple?.brand).toBeUndefined()
    expect(options.filter((option) => apple && option.matches(apple))).toEqual([])
  })

  it.each(SORT_OPTIONS.filter((option) => apiSorts(option.value, false)))(
    'a $value page sends sortBy=$sortBy&order=$order, values DummyJSON accepts',
    async ({ value, sortBy, order }) => {
      // Only the request is checked here: no sorted page was recorded, so the unsorted one answers.
      const sent = serve('get', 'products', recorded(productsPage))

      await parsed(catalogue.fetchProductPage({ sort: value }, 0, 30))

      expect(sent).toEqual([
        sentRequest({
          method: 'GET',
          path: '/api/products',
          query: { limit: '30', skip: '0', sortBy, order },
        }),
      ])
      // DummyJSON sorts by any product field and accepts only `asc` or `desc` (clean-request.js).
      expect(DUMMYJSON_PRODUCT_FIELDS).toContain(sortBy)
      expect(['asc', 'desc']).toContain(order)
    },
  )

  it('sorts by price itself, the scope fetched once: DummyJSON sorts by the list price, not the one shown', () => {
    expect(apiSorts('price-asc', false)).toBe(false)
    expect(apiSorts('price-desc', false)).toBe(false)
    // Of the recorded products, a bigger discount puts a dearer one below a cheaper one.
    const shownAsc = sortProducts(productsPage.products, 'price-asc').map(shownPrice)
    expect(shownAsc).toEqual([...shownAsc].sort((a, b) => a - b))
    const listAsc = sortProducts(productsPage.products, 'price-asc').map((p) => p.price)
    expect(listAsc).not.toEqual([...listAsc].sort((a, b) => a - b))
  })

  it('fetchProductScope("groceries") asks for the whole category with a select of DummyJSON fields', async () => {
    const sent = serve('get', 'products/category/groceries', recorded(groceriesScope))

    await catalogue.fetchProductScope('groceries').catch(() => undefined)

    expect(sent).toEqual([
      sentRequest({
        method: 'GET',
        path: '/api/products/category/groceries',
        query: { limit: '0', select: PRODUCT_FIELDS.join(',') },
      }),
    ])
    // DummyJSON splits select on ',' and adds id itself; an unknown field would just be missing:
    // ours, a product's options and variants (docs/api.md), which DummyJSON's products never have.
    const fields = (only(sent).query.select ?? '').split(',')
    const ours = ['variants', 'options']
    expect(fields.filter((field) => !DUMMYJSON_PRODUCT_FIELDS.includes(field))).toEqual(ours)
    // Every full groceries product recorded carries all of them but brand, which is optional.
    for (const product of productsPage.products.filter((p) => p.category === 'groceries')) {
      expect(fields.filter((field) => !(field in product))).toEqual(['brand', ...ours])
    }
  })

  it('fetchProductScope("groceries") with groceries-scope.json → 27 products, none with a brand', async () => {
    serve('get', 'products/category/groceries', recorded(groceriesScope))

    const products = await parsed(catalogue.fetchProductScope('groceries'))

    expect(products).toHaveLength(27)
    expect(products.map((product) => product.id)).toEqual(
      groceriesScope.products.map((product) => product.id),
    )
    expect(products.filter((product) => product.brand !== undefined)).toEqual([])
    expect(products.filter((product) => product.category !== 'groceries')).toEqual([])
  })

  it('fetchRelated(1): products?limit=3&skip=relatedOffset(1) → three other products', async () => {
    const skip = catalogue.relatedOffset(1)
    // No answer was recorded for this request: it is DummyJSON's (getAllProducts: slice from
    // skip, then limit) over the verbatim recorded page, which holds products 1–30.
    expect(skip + 3).toBeLessThanOrEqual(productsPage.products.length)
    const window = productsPage.products.slice(skip, skip + 3)
    const sent = serve(
      'get',
      'products',
      recorded({ products: window, total: 194, skip, limit: 3 }),
    )

    const related = await parsed(catalogue.fetchRelated(1))

    expect(sent).toEqual([
      sentRequest({
        method: 'GET',
        path: '/api/products',
        query: { limit: '3', skip: String(skip) },
      }),
    ])
    expect(related.map((product) => product.id)).toEqual(window.map((product) => product.id))
    expect(related.map((product) => product.id)).not.toContain(1)
  })
})

describe('product detail', () => {
  it('fetchProduct(1): GET products/1 → the product with the fields the storefront uses', async () => {
    const sent = serve('get', 'products/1', recorded(product1))

    const product = await parsed(catalogue.fetchProduct(1))

    expect(sent).toEqual([sentRequest({ method: 'GET', path: '/api/products/1' })])
    expect(product).toEqual({
      id: 1,
      title: 'Essence Mascara Lash Princess',
      brand: 'Essence',
      category: 'beauty',
      price: 9.99,
      discountPercentage: 10.48,
      rating: 2.56,
      stock: 99,
      tags: ['beauty', 'mascara'],
      description: product1.description,
      images: [
        'https://cdn.dummyjson.com/product-images/beauty/essence-mascara-lash-princess/1.webp',
      ],
      thumbnail:
        'https://cdn.dummyjson.com/product-images/beauty/essence-mascara-lash-princess/thumbnail.webp',
      // Its reviews, without the reviewers' e-mails, and its own terms (the product page's details).
      reviews: product1.reviews.map(({ rating, comment, date, reviewerName }) => ({
        rating,
        comment,
        date,
        reviewerName,
      })),
      sku: 'BEA-ESS-ESS-001',
      shippingInformation: 'Ships in 3-5 business days',
      returnPolicy: 'No return policy',
      warrantyInformation: '1 week warranty',
      dimensions: { width: 15.14, height: 13.08, depth: 22.99 },
      weight: 4,
      minimumOrderQuantity: 48,
      // What the page's structured data names (lib/head/structured-data.ts).
      availabilityStatus: 'In Stock',
    })
  })

  it('fetchProduct(99999): the recorded 404 → an ApiError with its status and message', async () => {
    const sent = serve('get', 'products/99999', recordedError(productNotFound))

    const error = await rejection(catalogue.fetchProduct(99999))

    expect(sent).toEqual([sentRequest({ method: 'GET', path: '/api/products/99999' })])
    expect(error.status).toBe(404)
    expect(error.message).toBe("Product with id '99999' not found")
    expect(error.failure).toEqual({ kind: 'http', status: 404, body: productNotFound.body })
    expect(errorMessages(error)).toEqual(["Product with id '99999' not found"])
  })
})

describe('search', () => {
  it('searchProducts("phone", 0, 30): GET products/search?q=phone&limit=30&skip=0 → 23 results', async () => {
    const sent = serve('get', 'products/search', recorded(searchPhone))

    const results = await parsed(catalogue.searchProducts('phone', 0, 30))

    expect(sent).toEqual([
      sentRequest({
        method: 'GET',
        path: '/api/products/search',
        query: { q: 'phone', limit: '30', skip: '0' },
      }),
    ])
    expect(results.total).toBe(23)
    expect(results.products.map((product) => product.id)).toEqual(
      searchPhone.products.map((product) => product.id),
    )
    expect(results.products[0]).toMatchObject({ title: 'Apple AirPods Max Silver', brand: 'Apple' })
  })
})
