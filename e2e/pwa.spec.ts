import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test, type Page } from '@playwright/test'
import { freePort } from '../testing/free-port.ts'
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts'

interface ManifestIcon {
  src: string
  sizes: string
  type: string
  purpose?: string
}

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`

const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null)

/** The build the page comes from (every page's head names it). */
const buildOf = (page: Page) => page.locator('meta[name="build"]').getAttribute('content')

test('the storefront is installable: a valid web app manifest whose icons all load', async ({
  page,
  request,
}) => {
  await page.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  const manifestResponse = await request.get(href ?? '')
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json')
  const manifest = (await manifestResponse.json()) as Record<string, unknown> & {
    icons: ManifestIcon[]
    shortcuts: { name: string; url: string }[]
  }
  expect(manifest).toMatchObject({
    name: 'Meridian',
    short_name: 'Meridian',
    start_url: '/',
    display: 'standalone',
    // The design tokens' light theme (src/styles/tokens.css).
    theme_color: '#1f3a5f',
    background_color: '#ffffff',
  })
  expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toEqual([
    '/products',
    '/search',
    '/cart',
  ])
  const sizes = manifest.icons.map(
    (icon) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`,
  )
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']))
  for (const icon of manifest.icons) {
    const response = await request.get(new URL(icon.src, manifestResponse.url()).href)
    expect(response.status(), icon.src).toBe(200)
    expect(response.headers()['content-type']).toBe(icon.type)
    expect(pngSize(await response.body()), icon.src).toBe(icon.sizes)
  }
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
  expect(pngSize(await (await request.get(apple ?? '')).body())).toBe('180x180')
  const favicon = await request.get('/favicon.ico')
  expect(favicon.status()).toBe(200)
  expect(favicon.headers()['content-type']).toBe('image/x-icon')

  // Chromium's own verdict, with the service worker in control. Playwright's browser contexts
  // are off the record, which alone keeps Chromium from offering an install ('in-incognito').
  await controlled(page)
  const cdp = await page.context().newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  expect(installabilityErrors.filter(({ errorId }) => errorId !== 'in-incognito')).toEqual([])
})

/**
 * A proxy in front of the storefront that can hold back its pages (HTML navigations) for 20 s, as
 * a crawling connection does; everything else passes at once.
 */
async function slowPagesProxy(target: string) {
  const state = { slow: false }
  const proxy = createServer((incoming, outgoing) => {
    const forward = () => {
      const upstream = httpRequest(
        new URL(incoming.url ?? '/', target),
        // The storefront answers only the hosts it serves (421 otherwise): the proxy names its
        // upstream, as a reverse proxy configured for it does.
        { method: incoming.method, headers: { ...incoming.headers, host: new URL(target).host } },
        (response) => {
          outgoing.writeHead(response.statusCode ?? 502, response.headers)
          response.pipe(outgoing)
        },
      )
      upstream.on('error', () => outgoing.destroy())
      incoming.pipe(upstream)
    }
    const isPage = incoming.headers['sec-fetch-mode'] === 'navigate'
    if (state.slow && isPage) setTimeout(forward, 20_000).unref()
    else forward()
  })
  proxy.listen(0, '127.0.0.1')
  await new Promise((resolve) => proxy.once('listening', resolve))
  const address = proxy.address()
  if (typeof address !== 'object' || !address) throw new Error('no port')
  return {
    url: `http://localhost:${address.port}`,
    state,
    close: () => {
      proxy.closeAllConnections()
      proxy.close()
    },
  }
}

test("a page's POSTs go past the service worker, straight to the network (a report sent as the page is left)", async ({
  page,
}) => {
  await page.goto('/product/1')
  await controlled(page)
  // Chrome tells how a request was routed (the worker's static routes) in its answer's details.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  const routed = new Promise<unknown>((resolve) =>
    cdp.on('Network.responseReceived', ({ response }) => {
      if (response.url.endsWith('/api/vitals')) resolve(response.serviceWorkerRouterInfo)
    }),
  )
  const getRouted = new Promise<unknown>((resolve) =>
    cdp.on('Network.responseReceived', ({ response }) => {
      if (response.url.includes('/api/products?')) resolve(response.serviceWorkerRouterInfo)
    }),
  )
  // An empty report (answered 400, nothing kept) and a catalogue read, from the controlled page.
  await page.evaluate(async () => {
    navigator.sendBeacon('/api/vitals', '{}')
    await fetch('/api/products?limit=1')
  })
  expect(await routed).toMatchObject({ matchedSourceType: 'network', actualSourceType: 'network' })
  // A read is still the worker's to answer (its catalogue cache): no static route took it.
  expect(await getRouted).not.toHaveProperty('matchedSourceType')
})

test('on a crawling connection, a page seen before opens from the browser’s copy, a new one from the cached app after 3 s', async ({
  page,
  baseURL,
}) => {
  const proxy = await slowPagesProxy(baseURL ?? '')
  try {
    await page.goto(`${proxy.url}/products/laptops`)
    await controlled(page)
    await expect(page.getByRole('heading', { level: 1, name: /^Laptops/ })).toBeVisible()

    proxy.state.slow = true
    // The browser's cache may answer with the page it holds while it asks again in the background
    // (the page's stale-while-revalidate): the shopper does not wait for the network. Had the
    // worker waited for it, its 3 s would have run out and it would have served the app's shell.
    const seen = await page.goto(`${proxy.url}/products/laptops`)
    expect(await seen?.text()).toMatch(/<h1[^>]*>Laptops/)
    await expect(page.getByRole('heading', { level: 1, name: /^Laptops/ })).toBeVisible()

    // A page it does not hold: the service worker gives up on the network after 3 s and serves
    // the app it holds, which renders the page from the API (the proxy holds pages for 20 s).
    const started = Date.now()
    const unseen = await page.goto(`${proxy.url}/products/smartphones`)
    expect(await unseen?.text()).not.toMatch(/<h1[^>]*>Smartphones/)
    await expect(page.getByRole('heading', { level: 1, name: /^Smartphones/ })).toBeVisible()
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000)
  } finally {
    proxy.close()
  }
})

test.describe('a new release behind an open tab', () => {
  // A second build of the app (~10 s) and two servers in turn on one port.
  test.describe.configure({ timeout: 180_000 })

  let secondBuild: string
  test.beforeAll(async () => {
    secondBuild = mkdtempSync(join(tmpdir(), 'meridian-second-build-'))
    // The same source with another build id: new file names, a new service worker.
    await promisify(execFile)(process.execPath, ['--experimental-strip-types', 'build/build.ts'], {
      env: { ...process.env, BUILD_ID: 'e2e-second-release', DIST_DIR: secondBuild },
    })
  })
  test.afterAll(() => rmSync(secondBuild, { recursive: true, force: true }))

  test('is offered with a Reload prompt, never swapped in; the cart and a half-typed address survive', async ({
    page,
  }) => {
    const port = String(await freePort())
    const data = mkdtempSync(join(tmpdir(), 'meridian-release-data-'))
    const serve = (dist: string) =>
      startServerProcess({ PORT: port, DIST_DIR: dist, DATA_DIR: data })
    const stop = async (server: ServerProcess) => {
      server.child.kill('SIGTERM')
      await server.exited
    }
    let server = serve('dist')
    try {
      const origin = await server.url
      await page.goto(`${origin}/`)
      await controlled(page)
      await page.goto(`${origin}/product/1`)
      await page.getByRole('button', { name: 'Add to Cart' }).click()
      await page.goto(`${origin}/checkout`)
      const shipping = page.getByRole('form', { name: 'Shipping address' })
      await shipping.getByLabel('First Name').fill('Asha')
      await shipping.getByLabel('City').fill('Bengaluru')
      const firstBuild = await buildOf(page)

      // The deploy: the same address now serves the second build.
      await stop(server)
      server = serve(secondBuild)
      await server.url
      // The app looks for a new version whenever the tab comes back into view.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
      const prompt = page.getByRole('status').filter({
        hasText: 'A new version of Meridian is available',
      })
      await expect(prompt).toBeVisible()
      // Nothing was swapped under the open tab.
      await expect(shipping.getByLabel('First Name')).toHaveValue('Asha')

      await prompt.getByRole('button', { name: 'Reload' }).click()
      await expect.poll(() => buildOf(page)).not.toBe(firstBuild)
      await expect(prompt).toBeHidden()
      await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
      await expect(shipping.getByLabel('First Name')).toHaveValue('Asha')
      await expect(shipping.getByLabel('City')).toHaveValue('Bengaluru')
    } finally {
      await stop(server)
      rmSync(data, { recursive: true, force: true })
    }
  })

  test('a page whose code is gone after a deploy reloads into the new build', async ({
    browser,
  }) => {
    const port = String(await freePort())
    const data = mkdtempSync(join(tmpdir(), 'meridian-release-data-'))
    // Without a service worker, whose precache would still hold the old build's files.
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    let server = startServerProcess({ PORT: port, DIST_DIR: 'dist', DATA_DIR: data })
    try {
      const origin = await server.url
      await page.goto(`${origin}/`)
      await expect(page.getByRole('heading', { name: 'Our Best Sellers' })).toBeVisible()
      const firstBuild = await buildOf(page)
      server.child.kill('SIGTERM')
      await server.exited
      server = startServerProcess({ PORT: port, DIST_DIR: secondBuild, DATA_DIR: data })
      await server.url

      // The listing's code of the first build is gone from the server.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'All Products' })
        .click()
      await expect(page.getByRole('heading', { level: 1, name: /^All Products/ })).toBeVisible()
      expect(await buildOf(page)).not.toBe(firstBuild)
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
      await context.close()
      rmSync(data, { recursive: true, force: true })
    }
  })
})
