import { beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { loadCatalogue } from '../catalogue/catalogue.ts'
import { productSchema } from '../catalogue/product.schema.ts'
import {
  inProcessSearch,
  SearchBusyError,
  type CatalogueSearch,
} from '../catalogue/search-service.ts'
import { CATEGORY_SLUGS } from '../../shared/catalogue/categories.ts'
import { discountedPrice } from '../../shared/pricing/pricing.ts'
import { createMetrics } from '../observability/metrics.ts'
import { createTestApi, type TestApi } from '../../testing/test-api.ts'

interface ProductList {
  products: Record<string, unknown>[]
  total: number
  skip: number
  limit: number
}

let api: TestApi
let total: number
beforeAll(async () => {
  api = await createTestApi()
  total = ((await (await api.call('/api/products?limit=0')).json()) as ProductList).total
})

const getJson = async <T = ProductList>(path: string, status = 200): Promise<T> => {
  const res = await api.call(path)
  expect(res.status, path).toBe(status)
  expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
  return (await res.json()) as T
}

describe('GET products', () => {
  it('answers the first 30 valid products with the list envelope', async () => {
    const body = await getJson('/api/products')
    expect(body.products).toHaveLength(30)
    expect(body).toMatchObject({ total, skip: 0, limit: 30 })
    expect(total).toBeGreaterThanOrEqual(160)
    for (const product of body.products)
      expect(v.safeParse(productSchema, product).issues).toBeUndefined()
    expect(body.products.map((p) => p.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
  })

  it('pages with limit and skip, and limit in the answer counts what was returned', async () => {
    const body = await getJson('/api/products?limit=10&skip=25')
    expect(body.products.map((p) => p.id)).toEqual([26, 27, 28, 29, 30, 31, 32, 33, 34, 35])
    const tail = await getJson(`/api/products?limit=30&skip=${total - 5}`)
    expect(tail).toMatchObject({ total, skip: total - 5, limit: 5 })
    expect(await getJson(`/api/products?skip=${total + 10}`)).toMatchObject({
      products: [],
      limit: 0,
    })
  })

  it('limit=0 returns everything remaining; other limits are capped at 100', async () => {
    expect((await getJson('/api/products?limit=0')).products).toHaveLength(total)
    expect((await getJson('/api/products?limit=0&skip=100')).products).toHaveLength(total - 100)
    expect(await getJson('/api/products?limit=500')).toMatchObject({ limit: 100 })
  })

  it.each([
    ['limit=abc', "Invalid 'limit' - must be a number"],
    ['limit=1.5', "Invalid 'limit' - must be a number"],
    ['skip=x', "Invalid 'skip' - must be a number"],
    ['limit=-1', "Invalid 'limit' - must not be negative"],
    ['skip=-30', "Invalid 'skip' - must not be negative"],
    ['sortBy=price&order=up', "Order can be: 'asc' or 'desc'"],
  ])('answers 400 for %s', async (query, message) => {
    expect(await getJson(`/api/products?${query}`, 400)).toEqual({ message })
  })

  it('reads order only together with sortBy', async () => {
    expect(await getJson('/api/products?order=sideways&limit=1')).toMatchObject({ limit: 1 })
  })

  it('selects top-level keys and always includes id', async () => {
    const body = await getJson('/api/products?limit=2&select=title,price,nope')
    expect(Object.keys(body.products[0] ?? {}).sort()).toEqual(['id', 'price', 'title'])
  })

  it('sorts by a field in either order across the whole list before paging', async () => {
    const asc = (await getJson('/api/products?sortBy=price&order=asc&limit=0&select=price'))
      .products
    const prices = asc.map((p) => p.price as number)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const desc = await getJson('/api/products?sortBy=rating&order=desc&limit=5&select=rating')
    const top = (await getJson('/api/products?limit=0&select=rating')).products.map(
      (p) => p.rating as number,
    )
    expect(desc.products.map((p) => p.rating)).toEqual(top.sort((a, b) => b - a).slice(0, 5))
    const byTitle = (await getJson('/api/products?sortBy=title&limit=0&select=title')).products
    const titles = byTitle.map((p) => p.title as string)
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)))
  })

  it('sorts by the price shoppers see with sortBy=discountedPrice (ours), and by the list price with sortBy=price', async () => {
    const shown = (product: Record<string, unknown>) =>
      discountedPrice(product.price as number, product.discountPercentage as number)
    for (const path of ['/api/products', '/api/products/category/smartphones']) {
      const asc = (
        await getJson(`${path}?sortBy=discountedPrice&limit=0&select=price,discountPercentage`)
      ).products.map(shown)
      expect(asc, path).toEqual([...asc].sort((a, b) => a - b))
      const desc = (
        await getJson(
          `${path}?sortBy=discountedPrice&order=desc&limit=0&select=price,discountPercentage`,
        )
      ).products.map(shown)
      expect(desc, path).toEqual([...desc].sort((a, b) => b - a))
    }
    // The two orders differ where a bigger discount brings a dearer product lower.
    const byList = await getJson(
      '/api/products/category/smartphones?sortBy=price&limit=0&select=id',
    )
    const byShown = await getJson(
      '/api/products/category/smartphones?sortBy=discountedPrice&limit=0&select=id',
    )
    expect(byShown.products).not.toEqual(byList.products)
  })

  it('leaves the order unchanged for an unknown or non-scalar sort field', async () => {
    const plain = await getJson('/api/products?limit=5&select=id')
    expect(await getJson('/api/products?limit=5&select=id&sortBy=nonsense')).toEqual(plain)
    expect(await getJson('/api/products?limit=5&select=id&sortBy=tags&order=desc')).toEqual(plain)
  })
})

describe('GET products/search', () => {
  it('matches title and description case-insensitively, trimmed, with - read as a space', async () => {
    const body = await getJson('/api/products/search?q=%20PHONE%20&limit=0')
    expect(body.total).toBeGreaterThan(0)
    expect(body.limit).toBe(body.total)
    for (const p of body.products) {
      const text = [p.title, p.description, p.brand, p.category, ...(p.tags as string[])]
        .join(' ')
        .toLowerCase()
      expect(text).toContain('phone')
    }
    const hyphen = await getJson('/api/products/search?q=home-decoration&limit=0&select=category')
    expect(hyphen.products.some((p) => p.category === 'home-decoration')).toBe(true)
  })

  it('finds a product by the value of one of its options (ours)', async () => {
    const { products } = await getJson('/api/products/search?q=moto%20g%20play%20128')
    expect(products[0]).toMatchObject({ id: 9 })
    const { products: shirts } = await getJson('/api/products/search?q=dress%20shirt%2016.5')
    expect(shirts.map((p) => p.id)).toContain(101)
  })

  it('also matches brand and category (ours)', async () => {
    const apple = await getJson('/api/products/search?q=apple&limit=0&select=brand')
    expect(apple.products.some((p) => p.brand === 'Apple')).toBe(true)
    const laptops = await getJson('/api/products/search?q=laptops&limit=0&select=category')
    expect(laptops.products.filter((p) => p.category === 'laptops').length).toBeGreaterThanOrEqual(
      8,
    )
  })

  it('matches everything for an empty query and nothing for nonsense', async () => {
    expect(await getJson('/api/products/search?q=')).toMatchObject({ total })
    expect(await getJson('/api/products/search')).toMatchObject({ total })
    expect(await getJson('/api/products/search?q=zzxqvbnonsense')).toEqual({
      products: [],
      total: 0,
      skip: 0,
      limit: 0,
    })
  })

  it('pages and validates like the list', async () => {
    const page = await getJson('/api/products/search?q=a&limit=30&skip=30')
    expect(page.skip).toBe(30)
    expect(await getJson('/api/products/search?q=a&limit=x', 400)).toEqual({
      message: "Invalid 'limit' - must be a number",
    })
  })
})

describe('what one request can cost (decisions.md § Search limits, § Operations)', () => {
  /** The API with a search that counts the queries it runs, or refuses them all as busy. */
  const counted = async (busy = false) => {
    const queries: string[] = []
    const real = inProcessSearch(loadCatalogue())
    const searcher: CatalogueSearch = {
      search: (query) => {
        queries.push(query)
        return busy ? Promise.reject(new SearchBusyError()) : real.search(query)
      },
      close: () => real.close(),
    }
    return { queries, api: await createTestApi(undefined, { searcher }) }
  }

  it('answers a 2,000-character query as its first 100 characters and 6 words', async () => {
    const long = `wireless headphones ${'zz '.repeat(660)}`
    const res = await api.call(`/api/products/search?q=${encodeURIComponent(long)}&limit=0`)
    expect(res.status).toBe(200)
    const cut = await getJson(
      `/api/products/search?q=${encodeURIComponent('wireless headphones zz zz zz zz')}&limit=0`,
    )
    expect(await res.json()).toEqual(cut)
  })

  it('serves a repeated query, and its revalidation, from the cache without searching again', async () => {
    const { queries, api } = await counted()
    const first = await api.call('/api/products/search?q=lamp')
    expect(first.status).toBe(200)
    expect((await api.call('/api/products/search?q=lamp')).status).toBe(200)
    const etag = first.headers.get('ETag') ?? ''
    const revalidated = await api.call('/api/products/search?q=lamp', {
      headers: { 'If-None-Match': etag },
    })
    expect(revalidated.status).toBe(304)
    expect(queries).toEqual(['lamp'])
  })

  it('checks the list parameters before it searches', async () => {
    const { queries, api } = await counted()
    expect((await api.call('/api/products/search?q=lamp&limit=x')).status).toBe(400)
    expect(queries).toEqual([])
  })

  it('keeps whole lists within the answer cache’s bytes, however many distinct ones are asked', async () => {
    const metrics = createMetrics({ processMetrics: false })
    const small = await createTestApi(undefined, { metrics, cacheBytes: 2 * 2 ** 20 })
    for (let i = 0; i < 40; i += 1) {
      const res = await small.call(`/api/products?limit=0&v=${i}`, {
        headers: { 'Accept-Encoding': 'br' },
      })
      expect(res.status).toBe(200)
    }
    const text = await metrics.registry.metrics()
    const used = Number(/cache_bytes\{cache="api",kind="used"\} (\d+)/.exec(text)?.[1])
    expect(used).toBeGreaterThan(0)
    expect(used).toBeLessThanOrEqual(2 * 2 ** 20)
    expect(text).toContain(`cache_bytes{cache="api",kind="limit"} ${2 * 2 ** 20}`)
  })

  it('answers 503 with Retry-After while every search worker is busy', async () => {
    const { api } = await counted(true)
    const res = await api.call('/api/products/search?q=lamp')
    expect(res.status).toBe(503)
    expect(res.headers.get('Retry-After')).toBe('1')
    expect(await res.json()).toMatchObject({ message: new SearchBusyError().message })
  })
})

describe('categories', () => {
  it('GET products/categories lists the 20 categories with slug, name, url and (ours) a picture', async () => {
    const body = await getJson<{ slug: string; name: string; url: string; image: string }[]>(
      '/api/products/categories',
    )
    expect(body.map((c) => c.slug)).toEqual([...CATEGORY_SLUGS])
    expect(body).toContainEqual({
      slug: 'home-decoration',
      name: 'Home Decoration',
      url: 'http://localhost/api/products/category/home-decoration',
      image: 'http://localhost/api/images/categories/home-decoration.svg',
    })
    for (const { image } of body) {
      const picture = await api.call(new URL(image).pathname)
      expect(picture.status, image).toBe(200)
      expect(picture.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    }
  })

  it('GET products/category-list lists the slugs', async () => {
    expect(await getJson('/api/products/category-list')).toEqual([...CATEGORY_SLUGS])
  })

  it('GET products/category/{slug} lists that category, case-insensitively', async () => {
    const body = await getJson('/api/products/category/Smartphones?limit=0')
    expect(body.total).toBeGreaterThanOrEqual(8)
    expect(body.products.every((p) => p.category === 'smartphones')).toBe(true)
    const sorted = await getJson(
      '/api/products/category/laptops?sortBy=price&order=desc&select=price',
    )
    const prices = sorted.products.map((p) => p.price as number)
    expect(prices).toEqual([...prices].sort((a, b) => b - a))
  })

  it('answers an unknown category with 200 and an empty list', async () => {
    expect(await getJson('/api/products/category/spaceships')).toEqual({
      products: [],
      total: 0,
      skip: 0,
      limit: 0,
    })
  })
})

describe('GET products/{id}', () => {
  it('answers one full product with absolute, versioned image URLs on the request origin', async () => {
    const product = await getJson<Record<string, unknown>>('/api/products/1')
    expect(v.safeParse(productSchema, product).issues).toBeUndefined()
    expect(product.id).toBe(1)
    expect(product.thumbnail).toMatch(
      /^http:\/\/localhost\/api\/images\/products\/1\/thumbnail\.svg\?v=[\w-]+$/,
    )
    const res = await api.app.request('https://shop.example/api/products/1')
    const onOtherOrigin = (await res.json()) as { images: string[] }
    expect(onOtherOrigin.images[0]).toMatch(
      /^https:\/\/shop\.example\/api\/images\/products\/1\/1\.svg\?v=/,
    )
  })

  it('carries a product’s options and variants, with a variant’s photo as an absolute, versioned URL (docs/api.md)', async () => {
    interface Variant {
      sku: string
      options: Record<string, string>
      price: number
      stock: number
      availabilityStatus: string
      image?: string
    }
    const shoe = await getJson<{ options: unknown; variants: Variant[]; sku: string }>(
      '/api/products/109',
    )
    expect(shoe.options).toEqual([
      { name: 'Size', values: ['7', '8', '9', '10', '11'] },
      { name: 'Colour', values: ['Black', 'Brown'] },
    ])
    const brown9 = shoe.variants.find((variant) => variant.sku === `${shoe.sku}-9-BROWN`)
    expect(brown9).toMatchObject({ options: { Size: '9', Colour: 'Brown' }, price: 189 })
    expect(brown9?.image).toMatch(/^http:\/\/localhost\/api\/images\/products\/109\/\d\.svg\?v=/)
    // A product without options has neither field, as DummyJSON's products.
    expect(await getJson('/api/products/1')).not.toHaveProperty('variants')
    // Lists and select= carry them too.
    const selected = await getJson('/api/products/category/mens-shoes?select=options,variants')
    expect(selected.products.find((p) => p.id === 109)).toEqual({
      id: 109,
      options: shoe.options,
      variants: shoe.variants,
    })
  })

  it.each(['0', '99999', 'abc', '1.5', '-1'])('answers 404 for id %s', async (id) => {
    expect(await getJson(`/api/products/${id}`, 404)).toEqual({
      message: `Product with id '${id}' not found`,
    })
  })
})

describe('HTTP caching and compression', () => {
  it('sends an ETag and cache headers, and 304 for a matching If-None-Match', async () => {
    const first = await api.call('/api/products?limit=5')
    const etag = first.headers.get('ETag')
    expect(etag).toMatch(/^W\/".+"$/)
    expect(first.headers.get('Cache-Control')).toBe(
      'public, max-age=60, stale-while-revalidate=600',
    )
    const again = await api.call('/api/products?limit=5', {
      headers: { 'If-None-Match': etag ?? '' },
    })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    const other = await api.call('/api/products?limit=6', {
      headers: { 'If-None-Match': etag ?? '' },
    })
    expect(other.status).toBe(200)
  })

  it('compresses with brotli or gzip as the client accepts', async () => {
    const identity = await (await api.call('/api/products')).text()
    const br = await api.call('/api/products', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    })
    expect(br.headers.get('Content-Encoding')).toBe('br')
    expect(br.headers.get('Vary')).toBe('Accept-Encoding')
    expect(Number(br.headers.get('Content-Length'))).toBeLessThan(identity.length / 3)
    const gz = await api.call('/api/products', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gz.headers.get('Content-Encoding')).toBe('gzip')
    const none = await api.call('/api/products', {
      headers: { 'Accept-Encoding': 'br;q=0, identity' },
    })
    expect(none.headers.get('Content-Encoding')).toBeNull()
  })

  it('does not let a cached error stand in for a later success', async () => {
    await getJson('/api/products?limit=nope', 400)
    const res = await api.call('/api/products?limit=nope')
    expect(res.headers.get('Cache-Control')).toBe('no-store')
  })
})

describe('the answers kept in memory (decisions.md § Operations, caches)', () => {
  async function observedApi() {
    const metrics = createMetrics({ processMetrics: false })
    const observed = await createTestApi(undefined, { metrics })
    const count = async (result: 'hit' | 'miss') =>
      (await metrics.cacheLookups.get()).values.find(
        (value) => value.labels.cache === 'api' && value.labels.result === result,
      )?.value ?? 0
    const entries = async () =>
      (await metrics.cacheEntries.get()).values.find((value) => value.labels.cache === 'api')
        ?.value ?? 0
    const text = async (path: string) => {
      const res = await observed.call(path)
      expect(res.status, path).toBe(200)
      return res.text()
    }
    return { count, entries, text }
  }

  it('are keyed on what the endpoint reads: a parameter it does not read computes nothing again', async () => {
    const { count, entries, text } = await observedApi()
    const same = [
      ['/api/products?limit=5', '/api/products?limit=5&u=8f3a1&utm_source=mail'],
      ['/api/products?limit=5', '/api/products?limit=5&sortBy=nonsense&order=desc'],
      [
        '/api/products?limit=5&select=title,price',
        '/api/products?select=price,nope,title,price&limit=5',
      ],
      ['/api/products/1', '/api/products/1?v=2'],
      ['/api/products/1', '/api/products/001'],
      ['/api/products/category/laptops', '/api/products/category/LAPTOPS?ref=x'],
      ['/api/products/search?q=lamp', '/api/products/search?q=%20Lamp%20&u=1'],
      ['/api/products/categories', '/api/products/categories?u=2'],
    ]
    for (const [first, again] of same) {
      const misses = await count('miss')
      const answer = await text(first!)
      expect(await text(again!), again).toBe(answer)
      expect(await count('miss'), again).toBeLessThanOrEqual(misses + 1)
    }
    expect(await count('hit')).toBeGreaterThanOrEqual(same.length)
    // Addresses with nothing to keep (a category that does not exist, a page past the end) are
    // answered, and keep nothing: a flood of them pushes no kept answer out.
    const kept = await entries()
    for (let i = 0; i < 50; i++) {
      expect(await text(`/api/products/category/nothing-${i}`)).toContain('"products":[]')
      expect(await text(`/api/products?skip=${10_000 + i}`)).toContain('"products":[]')
    }
    expect(await entries()).toBe(kept)
  })
})
