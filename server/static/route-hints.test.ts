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
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework.js'] },
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
    'src/routes/_auth.myaccount.tsx?tsr-split=component': { file: 'assets/account-1.js' },
  }),
)
const hints = loadRouteHints(dist)

describe('route preload hints', () => {
  it("names a route's own chunks (not the entry's) and its first API request", () => {
    const html = hintsFor(hints, '/product/12', false)
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/product-1.js">')
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/swiper-1.js">')
    expect(html).not.toContain('framework-1.js')
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/products/12">',
    )
    expect(hintsFor(hints, '/', false)).toContain('href="/api/products?limit=30&amp;skip=0"')
  })

  it("links the route's own stylesheets, imported ones included, but not the entry's", () => {
    const html = hintsFor(hints, '/product/12', false)
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/product-1.css">')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/swiper-1.css">')
    expect(html).not.toContain('app-1.css')
  })

  it('gives the home page its own chunk, not that of a pathless layout that also matches /', () => {
    const html = hintsFor(hints, '/', false)
    expect(html).toContain('href="/assets/home-1.js"')
    expect(html).toContain('href="/assets/home-1.css"')
    expect(html).not.toContain('auth-layout-1.js')
  })

  it('escapes parameters and leaves out the data hint when search params change the request', () => {
    expect(hintsFor(hints, '/products/%22%3E%3Cscript%3E', false)).toContain(
      'href="/api/products/category/%22%3E%3Cscript%3E?limit=30&amp;skip=0"',
    )
    const withSort = hintsFor(hints, '/products/laptops', true)
    expect(withSort).toContain('category-1.js')
    expect(withSort).not.toContain('as="fetch"')
  })

  it('matches pathless layouts and gives nothing for unknown paths or a missing manifest', () => {
    expect(hintsFor(hints, '/myaccount', false)).toContain('account-1.js')
    expect(hintsFor(hints, '/no/such/page', false)).toBe('')
    expect(loadRouteHints(join(dist, 'missing'))).toEqual([])
  })
})
