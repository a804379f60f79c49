import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSite } from './site.ts'
import { ROUTE_MANIFEST_FILE, type RouteManifest } from './static/route-manifest.ts'
import { createTestApi, type TestApi } from './test-support.ts'

let api: TestApi
let dist: string
beforeAll(async () => {
  api = await createTestApi()
  dist = mkdtempSync(join(tmpdir(), 'meridian-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>Meridian</title><div id="root"></div>',
  )
  writeFileSync(
    join(dist, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(5000))})`,
  )
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n')
})
afterAll(() => rmSync(dist, { recursive: true, force: true }))

describe('the site with a built SPA', () => {
  const site = () => createSite(api.app, dist)

  it('serves index.html for / and for client routes, revalidated', async () => {
    for (const path of ['/', '/products/laptops', '/product/3', '/myaccount', '/index.html']) {
      const res = await site().request(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
      expect(res.headers.get('Cache-Control')).toBe('no-cache')
      expect(await res.text()).toContain('<div id="root">')
    }
  })

  it('adds the route preload hints to the page when the build has a route manifest', async () => {
    mkdirSync(join(dist, '.vite'), { recursive: true })
    const manifest: RouteManifest = {
      entry: { scripts: ['assets/index-abc123.js'], styles: [] },
      routes: [
        {
          path: '/product/$id',
          file: 'product.$id.tsx',
          scripts: ['assets/product-1.js'],
          styles: [],
          firstScreen: { request: 'products/{id}', images: { list: 'images', count: 1 } },
        },
      ],
    }
    writeFileSync(join(dist, ROUTE_MANIFEST_FILE), JSON.stringify(manifest))
    const html = await (await createSite(api.app, dist).request('/product/5')).text()
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/product-1.js">')
    expect(html).toContain('href="/api/products/5"')
    expect(html).toContain('<div id="root">')
    // The product's first photo, exactly as the API names it (origin and version included).
    const product = (await (await api.app.request('http://shop.test/api/products/5')).json()) as {
      images: string[]
    }
    const forShop = await (
      await createSite(api.app, dist).request('http://shop.test/product/5')
    ).text()
    expect(forShop).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${product.images[0]}">`,
    )
    expect(product.images[0]).toMatch(/^http:\/\/shop\.test\/api\/images\/products\/5\/1\.svg\?v=/)
    // Built for another API (VITE_API_URL): its code is hinted, never a request to our API.
    const elsewhere = await (
      await createSite(api.app, dist, { apiOrigins: ['https://dummyjson.example'] }).request(
        '/product/5',
      )
    ).text()
    expect(elsewhere).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/product-1.js">',
    )
    expect(elsewhere).not.toContain('/api/')
    rmSync(join(dist, '.vite'), { recursive: true })
  })

  it('serves hashed assets as immutable and compressed', async () => {
    const res = await site().request('/assets/index-abc123.js', {
      headers: { 'Accept-Encoding': 'br' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('Content-Encoding')).toBe('br')
    expect(res.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    const robots = await site().request('/robots.txt')
    expect(robots.headers.get('Cache-Control')).toBe('no-cache')
  })

  it('answers 404 for missing files, and never reads outside dist', async () => {
    for (const path of [
      '/assets/missing.js',
      '/favicon.ico',
      '/..%2Fpackage.json',
      '/assets/../../package.json',
    ]) {
      const res = await site().request(path)
      expect(res.status, path).toBe(404)
    }
  })

  it('hands /api to the API, including its JSON 404', async () => {
    const res = await site().request('/api/products/1')
    expect(res.status).toBe(200)
    expect(((await res.json()) as { id: number }).id).toBe(1)
    const missing = await site().request('/api/nothing-here')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({
      message: expect.stringMatching(/not found/i) as unknown,
    })
  })
})

describe('the Content-Security-Policy of pages', () => {
  const csp = async (origins?: string[]) =>
    (await createSite(api.app, dist, { apiOrigins: origins }).request('/')).headers.get(
      'Content-Security-Policy',
    )

  it('allows fetches and images from the site itself only, with the bundled API', async () => {
    const policy = await csp()
    expect(policy).toContain("connect-src 'self';")
    expect(policy).toContain("img-src 'self' data:;")
  })

  it('allows exactly the configured external API and its image hosts, nothing wider', async () => {
    const policy = await csp(['http://127.0.0.1:8888', 'https://cdn.dummyjson.com'])
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:8888 https://cdn.dummyjson.com;")
    expect(policy).toContain(
      "img-src 'self' data: http://127.0.0.1:8888 https://cdn.dummyjson.com;",
    )
    expect(policy).toContain("script-src 'self'")
    expect(policy).not.toMatch(/script-src[^;]*(127\.0\.0\.1|dummyjson)/)
  })
})

describe('the site before the SPA exists', () => {
  it('serves the API and a plain page saying so', async () => {
    const site = createSite(api.app, join(dist, 'does-not-exist'))
    const page = await site.request('/')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('The storefront has not been built yet')
    expect((await site.request('/api/health')).status).toBe(200)
    expect((await site.request('/products')).status).toBe(404)
  })
})
