import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiMiddleware, pageMiddleware } from './dev-plugin.ts'
import { createTestApi } from '../testing/test-api.ts'

let server: Server
let base: string
beforeAll(async () => {
  const api = await createTestApi()
  const middleware = apiMiddleware(
    Promise.resolve({
      app: api.app,
      stock: api.stock,
      mail: 'none',
      close: () => Promise.resolve(),
    }),
  )
  // A stand-in for Vite's connect stack: the plugin's middleware first, then "the SPA".
  server = createServer((req, res) => middleware(req, res, () => res.end('spa')))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

describe('the dev-server hook', () => {
  it('answers /api/* with the catalogue API, with image URLs on the dev origin', async () => {
    const res = await fetch(`${base}/api/products/2`)
    expect(res.status).toBe(200)
    expect(((await res.json()) as { thumbnail: string }).thumbnail).toMatch(
      new RegExp(`^${base}/api/images/`),
    )
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'emilys', password: 'emilyspass' }),
    })
    expect(login.status).toBe(200)
  })

  it('passes every other path on to the next middleware', async () => {
    for (const path of ['/', '/products', '/apiary']) {
      expect(await (await fetch(`${base}${path}`)).text(), path).toBe('spa')
    }
  })
})

describe('the dev server’s pages', () => {
  // Stand-ins for Vite's dev server: the app's server entry, and Vite's HTML transform (which puts
  // its scripts on lines of their own, as Vite does).
  const host = {
    middlewares: { use: () => undefined },
    ssrLoadModule: () =>
      Promise.resolve({
        START_APP_SCRIPT: '',
        createAppServer: () => ({
          render: (request: Request) =>
            Promise.resolve({
              complete: true,
              response: new URL(request.url).pathname.startsWith('/category')
                ? new Response(null, { status: 301, headers: { Location: '/products' } })
                : new Response(
                    `<!DOCTYPE html><html><head><title>${new URL(request.url).pathname}</title></head><body><h1>page</h1></body></html>`,
                    { status: 200 },
                  ),
            }),
        }),
      }),
    transformIndexHtml: (_url: string, html: string) =>
      Promise.resolve(
        html.replace('<head>', '<head>\n  <script type="module" src="/@vite/client"></script>\n  '),
      ),
  }
  let pages: Server
  let origin: string
  beforeAll(async () => {
    const api = await createTestApi()
    const middleware = pageMiddleware(
      host,
      Promise.resolve({
        app: api.app,
        stock: api.stock,
        mail: 'none',
        close: () => Promise.resolve(),
      }),
    )
    pages = createServer((req, res) => middleware(req, res, () => res.end('vite')))
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => pages.close(resolve)))

  const page = (path: string, accept = 'text/html') =>
    fetch(`${origin}${path}`, { headers: { accept }, redirect: 'manual' })

  it('renders a page with the app’s server entry, in Vite’s HTML, with nothing between the head’s tags that hydration would trip on', async () => {
    const res = await page('/product/1')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await res.text()).toBe(
      '<!DOCTYPE html><html><head><script type="module" src="/@vite/client"></script><title>/product/1</title></head><body><h1>page</h1></body></html>',
    )
  })

  it('passes a redirect on', async () => {
    const res = await page('/category')
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/products')
  })

  it('leaves files, Vite’s own requests, the API and what is not a navigation to Vite', async () => {
    for (const path of ['/src/main.tsx', '/@vite/client', '/favicon.svg', '/node_modules/x.js'])
      expect(await (await page(path)).text(), path).toBe('vite')
    expect(await (await page('/products', 'application/json')).text()).toBe('vite')
  })
})
