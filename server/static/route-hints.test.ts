import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { hintsFor, loadRouteHints } from './route-hints.ts'

const dist = mkdtempSync(join(tmpdir(), 'meridian-hints-'))
afterAll(() => rmSync(dist, { recursive: true, force: true }))
mkdirSync(join(dist, '.vite'))
writeFileSync(
  join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    // The entry and what it imports statically are loaded by every page.
    'index.html': {
      file: 'assets/index-1.js',
      isEntry: true,
      imports: ['_framework.js'],
      dynamicImports: ['src/routes/index.tsx?tsr-split=component'],
    },
    '_framework.js': { file: 'assets/framework-1.js', css: ['assets/app-1.css'] },
    '_swiper.js': {
      file: 'assets/swiper-1.js',
      imports: ['_framework.js'],
      css: ['assets/swiper-1.css'],
    },
    'src/routes/_auth.tsx?tsr-split=component': { file: 'assets/auth-layout-1.js' },
    'src/routes/index.tsx?tsr-split=component': {
      file: 'assets/home-1.js',
      imports: ['_framework.js'],
      css: ['assets/home-1.css'],
    },
    'src/routes/product.$id.tsx?tsr-split=component': {
      file: 'assets/product-1.js',
      imports: ['_swiper.js', '_framework.js'],
      css: ['assets/product-1.css'],
    },
    'src/routes/products.$category.tsx?tsr-split=component': { file: 'assets/category-1.js' },
    'src/routes/products.index.tsx?tsr-split=component': { file: 'assets/listing-1.js' },
    'src/routes/_auth.myaccount.tsx?tsr-split=component': { file: 'assets/account-1.js' },
  }),
)
const hints = loadRouteHints(dist)

describe('route preload hints', () => {
  it("names a route's own chunks (not the entry's) and its first API request", async () => {
    const html = await hintsFor(hints, '/product/12', false)
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/product-1.js">')
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/swiper-1.js">')
    expect(html).not.toContain('framework-1.js')
    expect(html).not.toContain('index-1.js')
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/products/12">',
    )
    expect(await hintsFor(hints, '/', false)).toContain('href="/api/products?limit=30&amp;skip=0"')
  })

  it("links the route's own stylesheets, imported ones included, but not the entry's", async () => {
    const html = await hintsFor(hints, '/product/12', false)
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/product-1.css">')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/swiper-1.css">')
    expect(html).not.toContain('app-1.css')
  })

  it('gives the home page its own chunk, not that of a pathless layout that also matches /', async () => {
    const html = await hintsFor(hints, '/', false)
    expect(html).toContain('href="/assets/home-1.js"')
    expect(html).toContain('href="/assets/home-1.css"')
    expect(html).not.toContain('auth-layout-1.js')
  })

  it('escapes parameters and leaves out the data hint when search params change the request', async () => {
    expect(await hintsFor(hints, '/products/%22%3E%3Cscript%3E', false)).toContain(
      'href="/api/products/category/%22%3E%3Cscript%3E?limit=30&amp;skip=0"',
    )
    const withSort = await hintsFor(hints, '/products/laptops', true)
    expect(withSort).toContain('category-1.js')
    expect(withSort).not.toContain('as="fetch"')
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
    const product = await hintsFor(hints, '/product/12', false, fetchApi)
    expect(product).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="http://shop.test/api/images/12/1.svg?v=a&quot;b">',
    )
    expect(product).not.toContain('href="x"')
    const listing = await hintsFor(hints, '/products', false, fetchApi)
    expect(listing.match(/as="image"/g)).toHaveLength(4)
    expect(listing).toContain('href="/t/4.svg"')
    expect(listing).not.toContain('/t/5.svg')
    // The home page's largest paint is text; a missing product and a sorted listing get none.
    expect(await hintsFor(hints, '/', false, fetchApi)).not.toContain('as="image"')
    expect(await hintsFor(hints, '/product/999', false, fetchApi)).not.toContain('as="image"')
    asked.length = 0
    expect(await hintsFor(hints, '/products', true, fetchApi)).not.toContain('as="image"')
    expect(asked).toEqual([])
  })

  it('matches pathless layouts and gives nothing for unknown paths or a missing manifest', async () => {
    expect(await hintsFor(hints, '/myaccount', false)).toContain('account-1.js')
    expect(await hintsFor(hints, '/no/such/page', false)).toBe('')
    expect(loadRouteHints(join(dist, 'missing'))).toEqual([])
  })
})
