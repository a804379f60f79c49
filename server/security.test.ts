import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import { loadCatalogue } from './catalogue/catalogue.ts'
import { defaultAllowedHosts } from './http/hosts.ts'
import { createSite } from './site.ts'
import { ManualClock } from '../testing/manual-clock.ts'
import {
  connectionFrom,
  createTestApi,
  login,
  TEST_CLIENT,
  TEST_SCRYPT,
  TEST_SECRET,
} from '../testing/test-api.ts'
import { openSqliteStorage } from './storage/sqlite.ts'
import { openLiveStock } from './orders/live-stock.ts'

describe('security headers', () => {
  it('are on every API answer, errors included', async () => {
    const api = await createTestApi()
    for (const path of ['/api/products/1', '/api/nope', '/api/images/products/1/1.svg']) {
      const res = await api.call(path)
      expect(res.headers.get('X-Content-Type-Options'), path).toBe('nosniff')
      expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('X-Frame-Options')).toBe('DENY')
      expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'none'")
      expect(res.headers.get('Permissions-Policy')).toContain('camera=(), display-capture=()')
    }
  })

  it('turn off the powerful features the storefront never uses, on its pages too', async () => {
    const site = createSite((await createTestApi()).app, undefined)
    const policy = (await site.request('http://localhost/')).headers.get('Permissions-Policy')
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(policy).toContain(`${feature}=()`)
  })

  it('are exactly ours, none of the other headers secureHeaders() sends by default', async () => {
    const api = await createTestApi()
    const res = await api.call('/api/products/1')
    expect(res.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    )
    expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin')
    for (const name of [
      'Strict-Transport-Security',
      'Cross-Origin-Resource-Policy',
      'Cross-Origin-Embedder-Policy',
      'Origin-Agent-Cluster',
      'X-DNS-Prefetch-Control',
      'X-Download-Options',
      'X-Permitted-Cross-Domain-Policies',
      'X-XSS-Protection',
    ])
      expect(res.headers.get(name), name).toBeNull()
  })

  it("keep a handler's own Content-Security-Policy, but not its other security headers", async () => {
    const api = await createTestApi()
    api.app.get('/own-headers', (c) =>
      c.text('ours', 200, {
        'Content-Security-Policy': 'sandbox',
        'X-Frame-Options': 'SAMEORIGIN',
        'Referrer-Policy': 'unsafe-url',
      }),
    )
    const res = await api.call('/api/own-headers')
    expect(res.headers.get('Content-Security-Policy')).toBe('sandbox')
    expect(res.headers.get('X-Frame-Options')).toBe('DENY')
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
  })

  it("are on the site's answers too, the API's with the API's policy", async () => {
    const api = await createTestApi()
    const site = createSite(api.app, undefined)
    const page = await site.request('/')
    expect(page.headers.get('Content-Security-Policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    )
    const answer = await site.request('/api/products/1')
    expect(answer.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    )
    for (const res of [page, answer]) {
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('X-Frame-Options')).toBe('DENY')
      expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin')
    }
  })

  it('allow cross-origin calls only from configured origins', async () => {
    const catalogue = loadCatalogue()
    const storage = openSqliteStorage(':memory:')
    const app = createApp({
      catalogue,
      stock: await openLiveStock(catalogue, storage),
      storage,
      secret: TEST_SECRET,
      clock: new ManualClock(),
      scryptCost: TEST_SCRYPT,
      corsOrigins: ['https://shop.example'],
    })
    const allowed = await app.request('/api/products/1', {
      headers: { Origin: 'https://shop.example' },
    })
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://shop.example')
    const other = await app.request('/api/products/1', {
      headers: { Origin: 'https://evil.example' },
    })
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull()
    const api = await createTestApi()
    const none = await api.call('/api/products/1', { headers: { Origin: 'https://shop.example' } })
    expect(none.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })
})

describe('fuzzing the API', () => {
  const segment = fc.oneof(
    fc.constantFrom(
      '1',
      '0',
      '-1',
      '99999999999999999999',
      'abc',
      '..',
      '%2e%2e',
      '%00',
      '1.5',
      'laptops',
      'thumbnail.svg',
      '1.svg',
      'EJ.svg',
    ),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
  )
  const path = fc
    .oneof(
      fc.tuple(
        fc.constantFrom(
          'products',
          'products/category',
          'products/search',
          'users',
          'images/products',
          'images/avatars',
          'images/categories',
          'auth',
        ),
        fc.array(segment, { maxLength: 3 }),
      ),
      fc.tuple(
        fc.constantFrom(
          'auth/login',
          'auth/me',
          'auth/refresh',
          'users/add',
          'products/categories',
          'health',
          'account/state',
          'account/state/merge',
        ),
        fc.constant([] as string[]),
      ),
    )
    .map(([root, rest]) => `/api/${[root, ...rest].join('/')}`)
  const query = fc.dictionary(
    fc.constantFrom('limit', 'skip', 'select', 'sortBy', 'order', 'q'),
    fc.oneof(
      fc.constantFrom(
        '0',
        '-5',
        '30',
        '1e9',
        'NaN',
        'desc',
        'asc',
        'price',
        '__proto__',
        'title,price',
      ),
      fc.string({ maxLength: 20 }),
    ),
    { maxKeys: 4 },
  )
  const body = fc.oneof(
    fc.constant(undefined),
    fc.json({ maxDepth: 3 }),
    fc.string({ maxLength: 200 }),
    fc.record({
      username: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      password: fc.oneof(fc.string(), fc.array(fc.string())),
    }),
    fc.record({
      userName: fc.string({ maxLength: 60 }),
      email: fc.string({ maxLength: 60 }),
      firstName: fc.string(),
      lastName: fc.string(),
      password: fc.string(),
    }),
  )
  const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS')

  it('always answers 2xx/3xx/4xx, never 5xx, with JSON for every error, and never a password or hash', async () => {
    const api = await createTestApi()
    const { accessToken } = await login(api)
    const token = fc.constantFrom(undefined, accessToken, 'x.y.z', `${accessToken}x`, 'Bearer')
    await fc.assert(
      fc.asyncProperty(
        method,
        path,
        query,
        body,
        token,
        async (verb, route, params, payload, bearer) => {
          const search = new URLSearchParams(params).toString()
          const res = await api.call(`${route}${search ? `?${search}` : ''}`, {
            method: verb,
            body: verb === 'GET' || verb === 'HEAD' ? undefined : payload,
            token: bearer,
          })
          expect(res.status, `${verb} ${route}`).toBeLessThan(500)
          const text = await res.text()
          if (res.status >= 400 && verb !== 'HEAD') {
            expect(res.headers.get('Content-Type')).toMatch(/^application\/json/)
            expect(() => JSON.parse(text) as unknown).not.toThrow()
          }
          expect(text).not.toContain('scrypt$')
          expect(text).not.toContain('emilyspass')
          expect(text.toLowerCase()).not.toContain('"password')
        },
      ),
      { numRuns: 400 },
    )
  }, 60_000)
})

describe('the Host a request names (decisions.md § Operations)', () => {
  const foreign = { headers: { Host: 'evil.example' } }

  it('answers a host it does not serve 421, with nothing of the page rendered or kept', async () => {
    const api = await createTestApi()
    const site = createSite(api.app, undefined, {
      allowedHosts: ['localhost', 'shop.internal:8080'],
    })
    for (const path of ['/', '/product/1', '/api/products/1', '/sitemap.xml']) {
      const res = await site.request(`http://evil.example${path}`, foreign)
      expect(res.status, path).toBe(421)
      expect(res.headers.get('Cache-Control')).toBe('no-store')
      expect(await res.text()).not.toContain('evil.example')
    }
    expect((await site.request('http://shop.internal:8080/api/products/1')).status).toBe(200)
    expect((await site.request('http://LOCALHOST/api/products/1')).status).toBe(200)
    // A load balancer's check names whatever address it reaches: health writes no URL.
    expect((await site.request('http://10.9.9.9/api/health')).status).toBe(200)
  })

  it('answers a host named with another port 421: the port would be written into kept answers', async () => {
    const api = await createTestApi()
    const site = createSite(api.app, undefined, {
      allowedHosts: ['localhost', '127.0.0.1', '::1', 'shop.internal:8080'],
    })
    const on4173 = connectionFrom(TEST_CLIENT, 4173)
    const status = async (url: string) => (await site.request(url, {}, on4173)).status
    // An entry without a port: the server's own (the connection's), or none (a proxy's default).
    expect(await status('http://127.0.0.1:4173/api/products/1')).toBe(200)
    expect(await status('http://[::1]:4173/api/products/1')).toBe(200)
    expect(await status('http://localhost/api/products/1')).toBe(200)
    expect(await status('http://127.0.0.1:6666/api/products/1')).toBe(421)
    expect(await status('http://127.0.0.1:6666/product/1')).toBe(421)
    expect(await status('http://127.0.0.1:6666/sitemap.xml')).toBe(421)
    // An entry with a port: that port only.
    expect(await status('http://shop.internal:8080/api/products/1')).toBe(200)
    expect(await status('http://shop.internal/api/products/1')).toBe(421)
    expect(await status('http://shop.internal:4173/api/products/1')).toBe(421)
  })

  it('serves only localhost and the loopback addresses unless told otherwise', async () => {
    const site = createSite((await createTestApi()).app, undefined)
    const status = async (url: string) => (await site.request(url, {}, connectionFrom())).status
    expect(await status('http://127.0.0.1:4173/api/products/1')).toBe(200)
    expect(await status('http://[::1]:4173/api/products/1')).toBe(200)
    expect(await status('http://shop.example/api/products/1')).toBe(421)
  })

  it('writes SITE_URL, never the Host, into the API’s answers once it is set', async () => {
    const api = await createTestApi(undefined, { siteUrl: 'https://shop.example' })
    const site = createSite(api.app, undefined, { siteUrl: 'https://shop.example' })
    const res = await site.request('http://evil.example/api/products/1', foreign)
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).not.toContain('evil.example')
    expect(text).toContain('https://shop.example/api/images/products/1/')
    const { accessToken } = await login(api)
    const me = await site.request('http://evil.example/api/auth/me', {
      headers: { ...foreign.headers, Authorization: `Bearer ${accessToken}` },
    })
    expect(await me.text()).not.toContain('evil.example')
  })

  it('sends HSTS when the site is https, and not otherwise', async () => {
    const api = await createTestApi()
    const https = createSite(api.app, undefined, { siteUrl: 'https://shop.example' })
    expect((await https.request('/api/products/1')).headers.get('Strict-Transport-Security')).toBe(
      'max-age=31536000',
    )
    expect((await https.request('/')).headers.get('Strict-Transport-Security')).toBe(
      'max-age=31536000',
    )
    const http = createSite(api.app, undefined, { siteUrl: 'http://shop.example' })
    expect((await http.request('/')).headers.get('Strict-Transport-Security')).toBeNull()
  })

  it('lists the machine’s own addresses when it listens on every interface', () => {
    const hosts = defaultAllowedHosts('0.0.0.0')
    expect(hosts).toEqual(expect.arrayContaining(['localhost', '127.0.0.1', '::1', '0.0.0.0']))
    expect(defaultAllowedHosts('shop.internal')).toEqual([
      'localhost',
      '127.0.0.1',
      '::1',
      'shop.internal',
    ])
  })
})
