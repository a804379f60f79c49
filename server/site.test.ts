import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSite } from './site.ts'
import { createMetrics } from './observability/metrics.ts'
import type { AppServer } from '../shared/pages/app-server.ts'
import {
  STUB_BACK_OFFICE_SCRIPT,
  STUB_SHELL_SCRIPT,
  stubClientBuild,
  type StubClientBuild,
} from '../testing/stub-client-build.ts'
import { createTestApi, type TestApi } from '../testing/test-api.ts'

/**
 * The site as the server composes it: the API, the client build's files, and the pages the app's
 * server entry renders. The app here is a stand-in that records what it is asked (the real one is
 * tested in src/pages.ssr.test.ts), so these tests are about what the server adds: caching,
 * headers, the Content-Security-Policy, and the layout sent when a render could not have its data.
 */

let api: TestApi
let build: StubClientBuild
let clientDir: string

beforeAll(async () => {
  api = await createTestApi()
  build = stubClientBuild()
  clientDir = build.clientDir
})
afterAll(() => build.remove())

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

const INLINE = 'self.$_TSR={}'
const pageHtml = (path: string) =>
  `<!DOCTYPE html><html><head><title>${path}</title><script>${INLINE}</script></head><body><h1>${path}</h1></body></html>`

/** An app whose pages name their path; `complete` decides whether a render had its data. */
function fakeApp({ complete = () => true }: { complete?: (path: string) => boolean } = {}) {
  const renders: { path: string; shell: boolean; signal?: AbortSignal }[] = []
  const urls: string[] = []
  const app: AppServer = {
    render: (request, { shell = false, signal } = {}) => {
      const { pathname } = new URL(request.url)
      renders.push({ path: pathname, shell, signal })
      urls.push(request.url)
      if (pathname === '/category')
        return Promise.resolve({
          response: new Response(null, { status: 301, headers: { Location: '/products' } }),
          complete: true,
        })
      const status = pathname === '/nope' ? 404 : 200
      const html = shell ? pageHtml('shell') : pageHtml(pathname)
      return Promise.resolve({
        response: new Response(html, { status, headers: { 'Content-Type': 'text/html' } }),
        complete: shell || complete(pathname),
      })
    },
    // Like the app's, the query a page reads (here `q`) is kept and the rest left out.
    pageUrl: (url) => {
      const { origin, pathname, searchParams } = new URL(url)
      const q = searchParams.get('q')
      return `${origin}${pathname}${q === null ? '' : `?q=${encodeURIComponent(q)}`}`
    },
    sitemapXml: (origin) => Promise.resolve(`<urlset><url><loc>${origin}/</loc></url></urlset>`),
    robotsTxt: (origin) => `User-agent: *\nSitemap: ${origin}/sitemap.xml\n`,
  }
  return { app, renders, urls }
}

describe('pages', () => {
  it('are the app’s renders, whole, with their status and a policy naming their inline scripts', async () => {
    const { app } = fakeApp()
    const site = createSite(api.app, { clientDir, app })
    const page = await site.request('/product/3')
    expect(page.status).toBe(200)
    expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(await page.text()).toBe(pageHtml('/product/3'))
    const csp = page.headers.get('Content-Security-Policy')
    expect(csp).toContain(`script-src 'self' ${sha256(INLINE)};`)
    expect((await site.request('/nope')).status).toBe(404)
  })

  it('name their inline scripts by the hash of the text the browser runs (a NUL, a CR in the data)', async () => {
    const { app } = fakeApp()
    app.render = () =>
      Promise.resolve({
        response: new Response('<html><script>var a="\0\r\n"</script></html>'),
        complete: true,
      })
    const csp = (await createSite(api.app, { clientDir, app }).request('/')).headers.get(
      'Content-Security-Policy',
    )
    expect(csp).toContain(sha256('var a="\uFFFD\n"'))
  })

  it('name each inline script by its own text, whatever characters come before it or in it', async () => {
    const { app } = fakeApp()
    const scripts = ['var a="★ 4.5 · Größe"', 'var b=1']
    app.render = () =>
      Promise.resolve({
        response: new Response(
          `<html><p>Ünïcode ✓</p><script>${scripts[0]}</script><script src="/x.js"></script>` +
            `<p>—</p><script type="module">${scripts[1]}</script></html>`,
        ),
        complete: true,
      })
    const csp = (await createSite(api.app, { clientDir, app }).request('/')).headers.get(
      'Content-Security-Policy',
    )
    expect(csp).toContain(`script-src 'self' ${scripts.map(sha256).join(' ')};`)
  })

  it('are the same for everyone: kept per URL, rendered once, and cacheable by a CDN', async () => {
    const { app, renders } = fakeApp()
    const site = createSite(api.app, { clientDir, app })
    const [a, b] = await Promise.all([site.request('/products'), site.request('/products')])
    const again = await site.request('/products', { headers: { Cookie: 'shopper=someone' } })
    expect(renders.filter((render) => render.path === '/products')).toHaveLength(1)
    expect(await again.text()).toBe(await a.text())
    expect(a.headers.get('Cache-Control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
    )
    const etag = b.headers.get('ETag')
    expect(etag).toMatch(/^W\/"/)
    const revalidated = await site.request('/products', { headers: { 'If-None-Match': etag! } })
    expect(revalidated.status).toBe(304)
    expect((await site.request('/nope')).headers.get('Cache-Control')).toBe(
      'public, max-age=0, s-maxage=60',
    )
  })

  it('are kept by the query their routes read: a parameter they do not read renders nothing new', async () => {
    const { app, urls } = fakeApp()
    const metrics = createMetrics({ processMetrics: false })
    const site = createSite(api.app, { clientDir, app }, { observability: { metrics } })
    const lookups = async (result: string) =>
      (await metrics.cacheLookups.get()).values.find(
        (value) => value.labels.cache === 'pages' && value.labels.result === result,
      )?.value ?? 0
    const first = await (await site.request('/search?q=lamp')).text()
    for (const junk of ['utm_source=newsletter', 'u=8f3a1', 'utm_campaign=x&fbclid=1'])
      expect(await (await site.request(`/search?q=lamp&${junk}`)).text()).toBe(first)
    expect(urls).toEqual(['http://localhost/search?q=lamp'])
    expect(await lookups('miss')).toBe(1)
    expect(await lookups('hit')).toBe(3)
  })

  it('are kept within the page cache’s bytes, and render again once evicted', async () => {
    const { app, renders } = fakeApp()
    const site = createSite(api.app, { clientDir, app }, { pageCacheBytes: 200_000 })
    const paths = Array.from({ length: 20 }, (_, i) => `/search?q=${i}`)
    for (const path of paths) expect((await site.request(path)).status).toBe(200)
    expect(renders).toHaveLength(20)
    // Each is kept as a few hundred bytes once measured: all twenty fit, none rendered again.
    for (const path of paths) await site.request(path)
    expect(renders).toHaveLength(20)
    const big = Array.from({ length: 20 }, (_, i) => `/${'x'.repeat(20_000)}?q=${i}`)
    for (const path of big) await site.request(path)
    // Twenty pages of 20 KB and more do not fit in 200 KB: the first ones were dropped.
    await site.request(big[0]!)
    expect(
      renders.filter((render) => render.path === new URL(`http://x${big[0]}`).pathname),
    ).toHaveLength(21)
  })

  it('are compressed for browsers that accept it', async () => {
    const { app } = fakeApp()
    const site = createSite(api.app, { clientDir, app })
    const page = await site.request(`/${'x'.repeat(2000)}`, {
      headers: { 'Accept-Encoding': 'gzip' },
    })
    expect(page.headers.get('Content-Encoding')).toBe('gzip')
    expect(page.headers.get('Vary')).toBe('Accept-Encoding')
  })

  it('pass a redirect on', async () => {
    const { app } = fakeApp()
    const response = await createSite(api.app, { clientDir, app }).request('/category')
    expect(response.status).toBe(301)
    expect(response.headers.get('Location')).toBe('/products')
  })

  it('are the layout for the browser to fill in when a render lacked its data, kept by no one', async () => {
    const { app, renders } = fakeApp({ complete: (path) => path !== '/product/5' })
    const site = createSite(api.app, { clientDir, app })
    const page = await site.request('/product/5')
    expect(page.status).toBe(200)
    expect(await page.text()).toBe(pageHtml('shell'))
    expect(page.headers.get('Cache-Control')).toBe('no-store')
    await site.request('/product/5')
    expect(renders.filter((render) => render.path === '/product/5')).toEqual([
      { path: '/product/5', shell: false, signal: undefined },
      { path: '/product/5', shell: true, signal: undefined },
      { path: '/product/5', shell: false, signal: undefined },
      { path: '/product/5', shell: true, signal: undefined },
    ])
  })

  // Kept a minute: the data a page carries stays fresh to the app that takes it over (its queries'
  // 5 minutes). A render from another API (VITE_API_URL) waits for it 1.5 s at most.
  it.each([
    ['our own API', [], undefined],
    ['another API', ['https://dummyjson.test'], AbortSignal],
  ])('from %s are rendered again after a minute', async (_, apiOrigins, signal) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const { app, renders } = fakeApp()
      const site = createSite(api.app, { clientDir, app }, { apiOrigins })
      await site.request('/products')
      if (signal) expect(renders[0]?.signal).toBeInstanceOf(signal)
      else expect(renders[0]?.signal).toBeUndefined()
      vi.advanceTimersByTime(59_000)
      await site.request('/products')
      expect(renders).toHaveLength(1)
      vi.advanceTimersByTime(2_000)
      await site.request('/products')
      expect(renders).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('the client build’s files', () => {
  const site = () => createSite(api.app, { clientDir, app: fakeApp().app })

  it('serve hashed assets as immutable and compressed', async () => {
    const res = await site().request('/assets/index-abc.js', {
      headers: { 'Accept-Encoding': 'br' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('Content-Encoding')).toBe('br')
    expect(res.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
  })

  it('send a script or a stylesheet no header only a document reads; the worker and pages keep theirs', async () => {
    const documentOnly = [
      'Content-Security-Policy',
      'Cross-Origin-Opener-Policy',
      'Permissions-Policy',
      'Referrer-Policy',
      'X-Frame-Options',
    ]
    for (const path of ['/assets/index-abc.js', '/assets/index-abc.css']) {
      const res = await site().request(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('X-Content-Type-Options'), path).toBe('nosniff')
      for (const header of documentOnly)
        expect(res.headers.get(header), `${path} ${header}`).toBeNull()
    }
    // The service worker's policy is the one its own script's answer carries.
    for (const path of ['/sw.js', '/index.html', '/product/3']) {
      const res = await site().request(path)
      for (const header of documentOnly)
        expect(res.headers.get(header), `${path} ${header}`).not.toBeNull()
    }
  })

  it('serve the offline shell as the build made it, revalidated, with its own policy', async () => {
    const res = await site().request('/index.html')
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-cache')
    expect(res.headers.get('Content-Security-Policy')).toContain(sha256(STUB_SHELL_SCRIPT))
  })

  it('serve the back office’s one page at every address under /admin: stored nowhere, indexed by no one, its own policy', async () => {
    const { app, renders } = fakeApp()
    const site = createSite(api.app, { clientDir, app })
    for (const path of ['/admin', '/admin/', '/admin/orders/MRD-ABCDEFGHJK', '/admin/stock?q=x']) {
      const res = await site.request(path)
      expect(res.status, path).toBe(200)
      expect(await res.text(), path).toContain('<title>Back office</title>')
      expect(res.headers.get('Cache-Control'), path).toBe('no-store')
      expect(res.headers.get('X-Robots-Tag'), path).toBe('noindex, nofollow')
      const csp = res.headers.get('Content-Security-Policy') ?? ''
      expect(csp, path).toContain(sha256(STUB_BACK_OFFICE_SCRIPT))
      expect(csp, path).not.toContain(sha256(STUB_SHELL_SCRIPT))
    }
    // Never the storefront's render, and its page is not a file to fetch by name.
    expect(renders).toEqual([])
    expect((await site.request('/admin/index.html')).status).toBe(404)
    expect((await site.request('/administrator')).headers.get('Cache-Control')).not.toBe('no-store')
    // Its script is one of the build's files, immutable as the storefront's.
    const script = await site.request('/assets/admin-abc.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('Cache-Control')).toContain('immutable')
  })

  it('answer 404 for missing files and the build’s records, and never read outside the build', async () => {
    for (const path of [
      '/assets/missing.js',
      '/favicon.ico',
      '/.vite/router-manifest.json',
      '/..%2Fpackage.json',
      '/assets/../../package.json',
    ]) {
      const res = await site().request(path)
      expect(res.status, path).toBe(404)
    }
  })

  it('leave /api to the API, including its JSON 404', async () => {
    const res = await site().request('/api/products/1')
    expect(res.status).toBe(200)
    expect(((await res.json()) as { id: number }).id).toBe(1)
    const missing = await site().request('/api/nothing-here')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({
      message: expect.stringMatching(/not found/i) as unknown,
    })
  })

  it('have the sitemap and robots.txt beside them, from the app, for the site’s origin', async () => {
    const robots = await createSite(
      api.app,
      { clientDir, app: fakeApp().app },
      { siteUrl: 'https://shop.example' },
    ).request('/robots.txt')
    expect(await robots.text()).toContain('Sitemap: https://shop.example/sitemap.xml')
    const sitemap = await createSite(
      api.app,
      { clientDir, app: fakeApp().app },
      { allowedHosts: ['shop.test'] },
    ).request('http://shop.test/sitemap.xml')
    expect(sitemap.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
    expect(await sitemap.text()).toContain('<loc>http://shop.test/</loc>')
  })
})

describe('the Content-Security-Policy of pages', () => {
  const csp = async (origins?: string[]) =>
    (
      await createSite(api.app, { clientDir, app: fakeApp().app }, { apiOrigins: origins }).request(
        '/',
      )
    ).headers.get('Content-Security-Policy')

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
    expect(policy).toMatch(/script-src 'self' 'sha256-[^']+';/)
    expect(policy).not.toMatch(/script-src[^;]*(127\.0\.0\.1|dummyjson|unsafe-inline)/)
  })
})

describe('the site before the storefront is built', () => {
  it('serves the API and a plain page saying so', async () => {
    const site = createSite(api.app, undefined)
    const page = await site.request('/')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('The storefront has not been built yet')
    expect((await site.request('/api/health')).status).toBe(200)
    expect((await site.request('/products')).status).toBe(404)
  })
})
