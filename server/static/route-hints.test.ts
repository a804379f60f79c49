import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { hintsFor, loadRouteHints, matchRoute, type ApiFetch } from './route-hints.ts'
import { ROUTE_MANIFEST_FILE, type RouteManifest } from './route-manifest.ts'

const dist = mkdtempSync(join(tmpdir(), 'meridian-hints-'))
afterAll(() => rmSync(dist, { recursive: true, force: true }))
mkdirSync(join(dist, '.vite'))
const listing = {
  request: 'products?limit=30&skip=0',
  images: { list: 'products', field: 'thumbnail', count: 4 },
}
const manifest: RouteManifest = {
  entry: { scripts: ['assets/index-1.js'], styles: ['assets/app-1.css'] },
  routes: [
    { path: '/', file: 'index.tsx', scripts: ['assets/home-1.js'], styles: ['assets/home-1.css'] },
    {
      path: '/product/$id',
      file: 'product.$id.tsx',
      scripts: ['assets/product-1.js', 'assets/swiper-1.js'],
      styles: ['assets/product-1.css', 'assets/swiper-1.css'],
      firstScreen: { request: 'products/{id}', images: { list: 'images', count: 1 } },
    },
    {
      path: '/products/$category',
      file: 'products.$category.tsx',
      scripts: ['assets/category-1.js'],
      styles: [],
      firstScreen: { ...listing, request: 'products/category/{category}?limit=30&skip=0' },
    },
    { path: '/products/all', file: 'products.all.tsx', scripts: ['assets/all-1.js'], styles: [] },
    {
      path: '/products/',
      file: 'products.index.tsx',
      scripts: ['assets/listing-1.js'],
      styles: [],
      firstScreen: listing,
    },
    {
      path: '/myaccount',
      file: '_auth.myaccount.tsx',
      scripts: ['assets/account-1.js'],
      styles: [],
    },
  ],
}
manifest.routes[0]!.firstScreen = { request: 'products?limit=30&skip=0' }
writeFileSync(join(dist, ROUTE_MANIFEST_FILE), JSON.stringify(manifest))
const hints = loadRouteHints(dist)
const hintsAt = (path: string, codeOnly: boolean, api?: ApiFetch) =>
  hintsFor(matchRoute(hints, path), codeOnly, api)

describe('route preload hints', () => {
  it("names the route's files and its first API request, with the path's parameters", async () => {
    const html = await hintsAt('/product/12', false)
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/product-1.js">')
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/swiper-1.js">')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/product-1.css">')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/swiper-1.css">')
    expect(html).not.toContain('index-1.js')
    expect(html).not.toContain('app-1.css')
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/products/12">',
    )
    expect(await hintsAt('/', false)).toContain('href="/api/products?limit=30&amp;skip=0"')
  })

  it('matches a static route before one with a parameter, whatever the build listed first', async () => {
    const html = await hintsAt('/products/all', false)
    expect(html).toContain('all-1.js')
    expect(html).not.toContain('category-1.js')
    expect(html).not.toContain('as="fetch"')
  })

  it('escapes parameters and leaves out the data hint when search params change the request', async () => {
    expect(await hintsAt('/products/%22%3E%3Cscript%3E', false)).toContain(
      'href="/api/products/category/%22%3E%3Cscript%3E?limit=30&amp;skip=0"',
    )
    const withSort = await hintsAt('/products/laptops', true)
    expect(withSort).toContain('category-1.js')
    expect(withSort).not.toContain('as="fetch"')
    // Not percent-encoding at all: the app asks for nothing, so neither does the hint.
    const malformed = await hintsAt('/products/%E0%A4%A', false)
    expect(malformed).toContain('category-1.js')
    expect(malformed).not.toContain('as="fetch"')
  })

  it("preloads the first screen's images from the API's own answer", async () => {
    const asked: string[] = []
    const answer = (path: string) => {
      if (path === '/api/products/12')
        return Response.json({ images: ['http://shop.test/api/images/12/1.svg?v=a"b', 'x'] })
      if (path.startsWith('/api/products?'))
        return Response.json({
          products: ['1', '2', '3', '4', '5'].map((id) => ({ thumbnail: `/t/${id}.svg` })),
        })
      return Response.json({ message: 'Product not found' }, { status: 404 })
    }
    const fetchApi = (path: string) => {
      asked.push(path)
      return Promise.resolve(answer(path))
    }
    const product = await hintsAt('/product/12', false, fetchApi)
    expect(product).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="http://shop.test/api/images/12/1.svg?v=a&quot;b">',
    )
    expect(product).not.toContain('href="x"')
    const listing = await hintsAt('/products', false, fetchApi)
    expect(listing.match(/as="image"/g)).toHaveLength(4)
    expect(listing).toContain('href="/t/4.svg"')
    expect(listing).not.toContain('/t/5.svg')
    // The home page's largest paint is text; a missing product and a sorted listing get none.
    expect(await hintsAt('/', false, fetchApi)).not.toContain('as="image"')
    expect(await hintsAt('/product/999', false, fetchApi)).not.toContain('as="image"')
    asked.length = 0
    expect(await hintsAt('/products', true, fetchApi)).not.toContain('as="image"')
    expect(asked).toEqual([])
  })

  it('matches pathless layouts and gives nothing for unknown paths or a missing manifest', async () => {
    expect(await hintsAt('/myaccount', false)).toContain('account-1.js')
    expect(await hintsAt('/no/such/page', false)).toBe('')
    expect(loadRouteHints(join(dist, 'missing'))).toEqual([])
  })
})
