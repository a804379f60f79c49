import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_METRICS_TOKEN } from './support/server-env.ts'
import { hydrated } from './support/settle.ts'

/**
 * What shoppers' browsers tell the server (issue 28), from the built app in Chromium to the
 * server's /metrics: the web-vitals library's measures of a page load, and an error the app shows.
 */

// A client of its own for the reports' rate limit (the server trusts X-Forwarded-For in this
// suite): the other tests' pages, all from this machine, report too.
test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.28' } })

/** The value of one series of the server's /metrics (0 while it has none), by name and labels. */
async function sample(
  request: APIRequestContext,
  name: string,
  labels: Record<string, string>,
): Promise<number> {
  const response = await request.get('/metrics', {
    headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` },
  })
  expect(response.status()).toBe(200)
  for (const line of (await response.text()).split('\n')) {
    const [, series, labelText = '', value] = /^(\w+)\{(.*)\} (\S+)$/.exec(line) ?? []
    if (series !== name) continue
    const found = new Map(
      [...labelText.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, text]) => [key, text]),
    )
    if (Object.entries(labels).every(([key, text]) => found.get(key) === text)) return Number(value)
  }
  return 0
}

const buildOf = (page: Page) => page.locator('meta[name="build"]').getAttribute('content')

test('a page load sends its web vitals when the page is hidden, into the per-page histograms', async ({
  page,
  request,
}) => {
  const lcp = { route: '/product/$id', metric: 'LCP' }
  const before = await sample(request, 'web_vitals_seconds_count', lcp)
  await page.goto('/product/1')
  await hydrated(page)
  // The reporter loads once the page is idle, for the share of loads the page names (all, here).
  await expect(page.locator('meta[name="vitals-sample-rate"]')).toHaveAttribute('content', '1')
  // Running, not only downloaded: it marks the page's timeline when it starts gathering.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('meridian:field-data').length))
    .toBe(1)
  await page.getByRole('button', { name: 'Save to My Saved Items' }).click()
  // Leaving hides the page: the moment its measures are sent (by a beacon, which Playwright does
  // not see from a page being left: the server's metrics show what arrived).
  await page.goto('/cart')

  await expect.poll(() => sample(request, 'web_vitals_seconds_count', lcp)).toBeGreaterThan(before)
  for (const metric of ['FCP', 'TTFB']) {
    expect(
      await sample(request, 'web_vitals_seconds_count', { route: '/product/$id', metric }),
      metric,
    ).toBeGreaterThan(0)
  }
  expect(await sample(request, 'web_vitals_cls_count', { route: '/product/$id' })).toBeGreaterThan(
    0,
  )
})

// The listing's request is answered by page.route, which never sees a request the service worker
// makes: without the worker, as stock.spec.ts does (once it controls the page, the real catalogue
// answered and the error page never came).
test.describe(() => {
  test.use({ serviceWorkers: 'block' })

  test('an error the app shows is reported with its route pattern and build, and the shopper still sees the error page', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/')
    await hydrated(page)
    const build = (await buildOf(page)) ?? ''
    const caught = { build, kind: 'caught' }
    const before = await sample(request, 'client_errors_total', caught)
    // The catalogue answers a listing with what the app cannot read.
    await page.route('**/api/products/category/**', (route) =>
      route.fulfill({ json: { products: 'none' } }),
    )
    const report = page.waitForRequest('**/api/client-errors')
    await page.getByRole('banner').getByRole('link', { name: 'Laptops' }).click()

    await expect(
      page.getByRole('heading', { level: 1, name: 'Sorry, this page could not be loaded' }),
    ).toBeVisible()
    const sent = await report
    expect(sent.postDataJSON()).toEqual({
      kind: 'caught',
      message: expect.stringMatching(/^ApiError: /),
      stack: expect.stringContaining('/assets/'),
      route: '/products/$category',
      build,
    })
    expect((await sent.response())?.status()).toBe(204)
    await expect.poll(() => sample(request, 'client_errors_total', caught)).toBe(before + 1)
  })
})
