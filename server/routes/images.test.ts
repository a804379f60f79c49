import { beforeAll, describe, expect, it } from 'vitest'
import { pngSize } from '../../testing/png.ts'
import { createTestApi, type TestApi } from '../../testing/test-api.ts'

let api: TestApi
let product: { images: string[]; thumbnail: string }
beforeAll(async () => {
  api = await createTestApi()
  product = (await (await api.call('/api/products/1')).json()) as typeof product
})

const pathOf = (url: string) => new URL(url).pathname

describe('product images', () => {
  it('serves every image a product lists as immutable SVG with an ETag', async () => {
    for (const url of [product.thumbnail, ...product.images]) {
      const res = await api.app.request(url)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8')
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('ETag')).toMatch(/^W\/"/)
      const svg = await res.text()
      expect(svg.startsWith('<svg')).toBe(true)
      expect(url).toContain(`?v=${res.headers.get('ETag')?.slice(3, 11)}`)
    }
  })

  it('answers 304 to a revalidation and the same bytes every time', async () => {
    const first = await api.app.request(product.thumbnail)
    const again = await api.app.request(product.thumbnail, {
      headers: { 'If-None-Match': first.headers.get('ETag') ?? '' },
    })
    expect(again.status).toBe(304)
    const other = await createTestApi()
    expect(await (await other.app.request(pathOf(product.thumbnail))).text()).toBe(
      await first.text(),
    )
  })

  it.each([
    '/api/images/products/1/9.svg',
    '/api/images/products/99999/1.svg',
    '/api/images/products/1/..%2F..%2Fpackage.json',
    '/api/images/products/1/thumbnail.png',
    '/api/images/products/abc/1.svg',
  ])('answers 404 JSON for %s', async (path) => {
    const res = await api.call(path)
    expect(res.status).toBe(404)
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/)
  })

  it('serves a picture for each category and 404 for anything else', async () => {
    const res = await api.call('/api/images/categories/home-decoration.svg')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8')
    expect(await res.text()).toContain('<title>Home Decoration</title>')
    for (const path of ['spaceships.svg', 'laptops.png', '..%2Fx.svg']) {
      expect((await api.call(`/api/images/categories/${path}`)).status, path).toBe(404)
    }
  })

  it('serves user avatars by initials and nothing else under avatars', async () => {
    const res = await api.call('/api/images/avatars/EJ.svg')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('>EJ</text>')
    expect((await api.call('/api/images/avatars/%3Cscript%3E.svg')).status).toBe(404)
    expect((await api.call('/api/images/avatars/abc.svg')).status).toBe(404)
  })
})

describe('link previews (og:image)', () => {
  it.each([
    '/api/images/previews/products/1.png',
    '/api/images/previews/products/109.png',
    '/api/images/previews/categories/laptops.png',
    '/api/images/previews/site.png',
  ])('draws %s as a 1200 × 630 PNG, once, revalidated by its ETag', async (path) => {
    const res = await api.call(path)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/png')
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60, stale-while-revalidate=600')
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(pngSize(bytes)).toEqual([1200, 630])
    const again = await api.call(path)
    expect(again.headers.get('ETag')).toBe(res.headers.get('ETag'))
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('writes the product’s title and price beside its picture', async () => {
    // The words are drawn: a product with a longer title and a discount makes a different picture
    // from the same photo with none.
    const [a, b] = await Promise.all(
      ['1', '2'].map(async (id) =>
        Buffer.from(
          await (await api.call(`/api/images/previews/products/${id}.png`)).arrayBuffer(),
        ),
      ),
    )
    expect(a!.equals(b!)).toBe(false)
  })

  it.each([
    '/api/images/previews/products/0.png',
    '/api/images/previews/products/99999.png',
    '/api/images/previews/products/1.svg',
    '/api/images/previews/categories/nope.png',
  ])('answers %s with a 404 JSON error', async (path) => {
    const res = await api.call(path)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: expect.any(String) as string })
  })
})
