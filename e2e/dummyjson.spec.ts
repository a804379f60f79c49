import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { test as base, expect, type Page } from '@playwright/test'
import { startDummyJson } from '../testing/dummyjson/serve.ts'
import { freePort } from '../testing/free-port.ts'
import { startServerProcess } from '../testing/server-process.ts'
import { announceOffline } from './support/offline.ts'
import { hydrated } from './support/settle.ts'
import { addToCart, DEMO_SHOPPER, fillAddress, fillCard, signIn } from './support/shopper-state.ts'

/**
 * The storefront against a DummyJSON-compatible API, as a new user runs it: `VITE_API_URL=<api>
 * npm start` (the build for that API, then our server), in a real browser. The API is the
 * DummyJSON dialect (testing/dummyjson: recorded real answers, since CI cannot fetch DummyJSON),
 * with its pictures on another origin, as the public API's are on its CDN. With DUMMYJSON_URL set,
 * the same journeys run against that (real) DummyJSON instead.
 */

interface DummyShop {
  /** The API (VITE_API_URL). */
  api: string
  /** Where the API's product pictures are, another origin than the API's. */
  images: string
  categories: { slug: string; name: string }[]
}

const test = base.extend<object, { shop: DummyShop; site: string }>({
  shop: [
    // Playwright reads a fixture's dependencies from this pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // DUMMYJSON_URL: the same journeys against a real DummyJSON (its pictures on its CDN).
      const real = process.env.DUMMYJSON_URL?.replace(/\/$/, '')
      const port = real ? 0 : await freePort()
      // The API on 127.0.0.1, its pictures on localhost: two origins, as dummyjson.com and its CDN.
      const dummy = real
        ? { url: real, imageOrigin: 'https://cdn.dummyjson.com', close: async () => {} }
        : await startDummyJson({ port, imageOrigin: `http://localhost:${port}` })
      const categories = (await (
        await fetch(`${dummy.url}/products/categories`)
      ).json()) as DummyShop['categories']
      await use({ api: dummy.url, images: dummy.imageOrigin, categories })
      await dummy.close()
    },
    { scope: 'worker', timeout: 30_000 },
  ],
  site: [
    async ({ shop }, use) => {
      const dist = mkdtempSync(join(tmpdir(), 'meridian-dummyjson-dist-'))
      const data = mkdtempSync(join(tmpdir(), 'meridian-dummyjson-data-'))
      const env = { VITE_API_URL: shop.api, DIST_DIR: dist, DATA_DIR: data }
      // `npm start` is these two steps: the build for the configured API, then the server.
      await promisify(execFile)(
        process.execPath,
        ['--experimental-strip-types', 'build/ensure-build.ts'],
        { env: { ...process.env, ...env } },
      )
      const server = startServerProcess(env)
      await use(await server.url)
      server.child.kill('SIGTERM')
      await server.exited
      rmSync(dist, { recursive: true, force: true })
      rmSync(data, { recursive: true, force: true })
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ site }, use) => use(site),
})

/** Every request that failed or answered an error, and every CSP violation, while the page ran. */
async function watchProblems(page: Page) {
  const problems: string[] = []
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|CSP violation/.test(message.text()))
      problems.push(message.text())
  })
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? ''
    // Leaving a page cancels its pictures still loading: not a failure of the API.
    if (reason !== 'net::ERR_ABORTED') problems.push(`failed: ${request.url()} ${reason}`)
  })
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`)
  })
  return problems
}

test.use({ viewport: { width: 1280, height: 900 } })

test("home shows the API's categories with its products' pictures: no CSP violation, no failed request", async ({
  page,
  shop,
}) => {
  const problems = await watchProblems(page)
  await page.goto('/')
  const names = shop.categories.map((category) => category.name)
  // The server renders the API's own list; the carousel is set up once a pointer comes over it.
  await hydrated(page)
  await page.getByRole('region', { name: 'Shop by Category' }).hover()
  await expect(page.locator('.swiper-initialized')).toHaveCount(1)

  const bar = page.getByRole('navigation', { name: 'Main' }).getByRole('link')
  await expect(bar).toHaveText(['All Products', ...names.slice(0, 4)])
  const carousel = page.getByRole('region', { name: 'Shop by Category' })
  await expect(carousel.getByRole('link')).toHaveText(names)
  // Each picture is a product's (DummyJSON has no category pictures), from the API's image host.
  const pictures = carousel.locator('img')
  await expect(pictures).toHaveCount(names.length)
  await expect(carousel.locator('img[src^="data:"]')).toHaveCount(0)
  for (const src of await pictures.evaluateAll((images) =>
    images.map((image) => image.getAttribute('src') ?? ''),
  ))
    expect(src.startsWith(`${shop.images}/product-images/`), src).toBe(true)
  // Every picture loads: scroll the strip through.
  for (const link of await carousel.getByRole('link').all()) await link.scrollIntoViewIfNeeded()
  await expect
    .poll(() =>
      pictures.evaluateAll((images) =>
        images.every((image) => (image as HTMLImageElement).naturalWidth > 0),
      ),
    )
    .toBe(true)

  // 'More Categories' holds the rest, in the API's order.
  // A <details>' summary, and its list the <details>' own.
  const more = page.getByRole('banner').locator('details', { hasText: 'More Categories' })
  await more.locator('summary').click()
  const panel = more.getByRole('list')
  await expect(panel.getByRole('link')).toHaveText(names.slice(4))
  expect(problems).toEqual([])
})

// Quarters of a list, one per test: a dozen pages in one test took 28-34 s on this machine
// (Playwright's limit is 30 s); six or seven stay well inside it.
const QUARTERS = [1, 2, 3, 4] as const
const quarterStart = (length: number, quarter: number) => Math.ceil(((quarter - 1) * length) / 4)
const quarterOf = <T>(list: readonly T[], quarter: number) =>
  list.slice(quarterStart(list.length, quarter), quarterStart(list.length, quarter + 1))

for (const quarter of QUARTERS) {
  test(`every category of the menus finds products (quarter ${quarter})`, async ({
    page,
    shop,
  }) => {
    const problems = await watchProblems(page)
    for (const { slug, name } of quarterOf(shop.categories, quarter)) {
      await page.goto(`/products/${slug}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        new RegExp(`^${name} \\([1-9]\\d*\\)$`),
      )
      await expect(
        page.getByRole('region', { name: 'Products' }).getByRole('article').first(),
      ).toBeVisible()
    }
    expect(problems).toEqual([])
  })
}

test("the phone menu lists exactly the API's categories; a category it lacks is not found", async ({
  page,
  shop,
}) => {
  const problems = await watchProblems(page)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await page.getByRole('banner').getByLabel('Open menu').click()
  await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link')).toHaveText([
    'All Products',
    ...shop.categories.map((category) => category.name),
  ])
  expect(problems).toEqual([])

  // The bundled list's 'Skincare' is 'skin-care' there: an old link shows not-found, not an empty page.
  await page.goto('/products/skincare')
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
})

for (const quarter of QUARTERS) {
  test(`every Brand option finds products: the data's brands, none of the spec's that it lacks (quarter ${quarter})`, async ({
    page,
  }) => {
    await page.goto('/products')
    await page.getByRole('button', { name: 'Show Filter' }).click()
    const panel = page.getByRole('complementary')
    const brandGroup = panel.getByRole('button', { name: 'Brand', exact: true })
    await brandGroup.click()
    const group = panel.locator(`[id="${await brandGroup.getAttribute('aria-controls')}"]`)
    await group.getByRole('button', { name: /^Show all \d+ brands$/ }).click()
    const brands = group.getByRole('checkbox')
    const labels = await brands.evaluateAll((inputs) =>
      inputs.map((input) => input.parentElement?.textContent?.trim() ?? ''),
    )
    expect(labels.length).toBeGreaterThan(10)
    expect(labels).not.toContain('Sneakers')
    expect(labels).not.toContain('Top Sweater')
    expect(labels).not.toContain('Soft Cotton')
    const show = panel.getByRole('button', { name: /^Show \d+ Products$/ })
    const first = quarterStart(labels.length, quarter)
    for (const [offset, label] of quarterOf(labels, quarter).entries()) {
      await brands.nth(first + offset).check()
      await expect(show, label).not.toHaveText('Show 0 Products')
      await expect(show, label).toHaveText(/^Show [1-9]\d* Products$/)
      await brands.nth(first + offset).uncheck()
    }
  })
}

test('Price Low and Price High sort by the prices the cards show: the listing fetched once, sorted here', async ({
  page,
}) => {
  const asked: string[] = []
  page.on('request', (request) => {
    if (/\/products(\/category\/[\w-]+)?\?/.test(request.url())) asked.push(request.url())
  })
  await page.goto('/products')
  const cards = page.getByRole('region', { name: 'Products' }).getByRole('article')
  await expect(cards.first()).toBeVisible()
  const shown = () =>
    cards.evaluateAll((articles) =>
      articles.map((article) =>
        Number(/\$([\d,]+\.\d{2})/.exec(article.textContent ?? '')?.[1]?.replaceAll(',', '')),
      ),
    )
  const sort = page.getByRole('combobox', { name: 'Sort By:' })
  for (const [label, order] of [
    ['Price Low', 1],
    ['Price High', -1],
  ] as const) {
    await sort.selectOption({ label })
    await expect(page).toHaveURL(order === 1 ? /sort=price-asc/ : /sort=price-desc/)
    await page.getByRole('button', { name: 'Load More' }).click()
    await expect(cards).toHaveCount(60)
    const prices = await shown()
    expect(
      prices.every((price, i) => i === 0 || order * (price - prices[i - 1]!) >= 0),
      `${label}: ${prices.join(' ')}`,
    ).toBe(true)
  }
  // DummyJSON's sortBy=price is the list price: never asked for; the listing came once, whole.
  expect(asked.filter((url) => url.includes('sortBy=price'))).toEqual([])
  expect(asked.filter((url) => /limit=0&select=/.test(url))).toHaveLength(1)
})

test('search finds a product of the API, and it goes into the cart', async ({ page }) => {
  await page.goto('/search')
  await page.getByRole('searchbox', { name: 'Search products' }).fill('phone')
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('article')
  await expect(results.first()).toBeVisible()
  await results.first().getByRole('link').click()
  const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' }).click()
  await expect(page.getByText(title).first()).toBeVisible()
})

// Apart from the search: together they walked five pages, 20 s in CI beside another worker and
// over Playwright's 30 s when the machine was busier.
test("a cart of the API's products checks out, kept on the device (DummyJSON takes no orders)", async ({
  page,
}) => {
  const orderPosts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/orders'))
      orderPosts.push(request.url())
  })
  // DummyJSON's product 1 is sold from 48 (its minimumOrderQuantity): the first add puts 48 in.
  await addToCart(page, [1])
  const cart = page.getByRole('banner').getByRole('link', { name: 'Cart, 48 items' })
  await cart.click()
  await page.getByRole('link', { name: 'Checkout Now' }).click()
  await fillAddress(page)
  await fillCard(page)
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }),
  ).toBeVisible()
  expect(orderPosts).toEqual([])
  const kept = await page.evaluate(() => localStorage.getItem('orderHistory'))
  expect(kept).toMatch(/"orderNumber":"MRD-[0-9A-Z]{8}"/)
})

test('emilys signs in; a profile edit says plainly that the demo API keeps nothing', async ({
  page,
}) => {
  await signIn(page)
  await page.goto('/myaccount')
  const details = page.getByRole('region', { name: 'Personal Details' })
  await expect(details.getByText('Emily', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Edit' }).click()
  const profile = page.getByRole('form', { name: 'Edit personal details' })
  await profile.getByLabel('First Name').fill('Emilia')
  await profile.getByLabel('Current Password').fill(DEMO_SHOPPER.password)
  await profile.getByLabel('Current Password').blur()
  await profile.getByLabel('New Password').fill('Second-pass2')
  await profile.getByLabel('Confirm Password').fill('Second-pass2')
  await profile.getByRole('button', { name: 'Save Changes' }).click()
  await expect(profile.getByRole('alert')).toContainText('Your changes were not kept')
  await expect(page.getByText('Your profile has been updated')).toHaveCount(0)
  await page.reload()
  await expect(details.getByText('Emily', { exact: true })).toBeVisible()
})

test('SignOut signs out on the device: the demo API has no sign-out, and nothing is said about it', async ({
  page,
}) => {
  await signIn(page)
  const logout = page.waitForResponse('**/auth/logout')
  await page.getByRole('banner').getByRole('button', { name: 'Account' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'SignOut' }).click()
  expect((await logout).status()).toBe(404)
  await expect(page).toHaveURL(/\/$/)
  const stored = await page.evaluate(() =>
    ['isUserLoggedIn', 'userDetails', 'accessToken', 'refreshToken'].map((key) =>
      localStorage.getItem(key),
    ),
  )
  expect(stored).toEqual([null, null, null, null])
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.goto('/myaccount')
  await expect(page).toHaveURL(/\/$/)
})

test('a registration says plainly that the demo API keeps nothing', async ({ page }) => {
  await page.goto('/userauth')
  const form = page.getByRole('form', { name: 'Create Your Account' })
  await form.getByLabel('Country').selectOption('India')
  await form.getByLabel('Email', { exact: true }).fill('ann.lee@example.com')
  await form.getByLabel('Confirm Email').fill('ann.lee@example.com')
  await form.getByLabel('User Name').fill('annlee')
  await form.getByLabel('First Name').fill('Ann')
  await form.getByLabel('Last Name').fill('Lee')
  await form.getByLabel('Password', { exact: true }).fill('First-pass1')
  await form.getByLabel('Confirm Password').fill('First-pass1')
  await form.getByRole('button', { name: 'Create Account' }).click()
  await expect(form.getByRole('alert')).toContainText('Your account was not kept')
  await expect(page).toHaveURL(/\/userauth$/)
})

test("offline, the service worker serves the API's catalogue reads and pictures", async ({
  page,
  context,
  shop,
}) => {
  await page.goto('/')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  // Without the persisted query cache, the app asks the API again, now through the worker: the
  // server's pages carry their data, so it is a page opened in the app (a category from the
  // carousel) whose answers the worker keeps. Cleared as each page starts: the running app may
  // still save its cache after an earlier clear.
  await page.addInitScript(() => localStorage.clear())
  await page.reload()
  // Opened in the app: a click before it has taken the page over follows the link to the
  // server, whose page carries its data and asks the API nothing.
  await hydrated(page)
  const category = shop.categories[0] ?? { slug: '', name: '' }
  await page
    .getByRole('region', { name: 'Shop by Category' })
    .getByRole('link', { name: category.name })
    .click()
  await expect(page).toHaveURL(new RegExp(`/products/${category.slug}$`))
  const cards = page.getByRole('region', { name: 'Products' }).getByRole('article')
  await expect(cards.first()).toBeVisible()
  const count = await cards.count()
  const cached = () =>
    page.evaluate(async () => ({
      api: (await (await caches.open('meridian-api')).keys()).map((request) => request.url),
      images: (await (await caches.open('meridian-images-external')).keys()).map(
        (request) => request.url,
      ),
    }))
  // This listing's own answer (`products/categories`, the menus' refresh, starts the same way).
  const listing = `${shop.api}/products/category/${encodeURIComponent(category.slug)}`
  await expect
    .poll(async () => (await cached()).api.some((url) => url.startsWith(listing)))
    .toBe(true)
  await expect
    .poll(async () =>
      (await cached()).images.some((url) => url.startsWith(`${shop.images}/product-images/`)),
    )
    .toBe(true)

  await context.setOffline(true)
  await page.reload()
  await announceOffline(page)
  await expect(page.getByText(/You are offline/)).toBeVisible()
  await expect(cards).toHaveCount(count)
  await expect(cards.first().locator('img')).toHaveJSProperty('complete', true)
  await expect(cards.first().locator('img[data-fallback]')).toHaveCount(0)
})
