import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { parsePrometheus, sampleValue } from '../testing/prometheus.ts'
import { startServerProcess } from '../testing/server-process.ts'
import { E2E_METRICS_TOKEN } from './support/server-env.ts'
import { hydrated } from './support/settle.ts'

/**
 * What shoppers' browsers tell the server (decisions.md § Operations), from the built app in Chromium to the
 * server's /metrics: the web-vitals library's measures of a page load, and an error the app shows.
 */

// A client of its own for the reports' rate limit (the server trusts X-Forwarded-For in this
// suite): the other tests' pages, all from this machine, report too. It reaches what a page sends
// while it is open, not a beacon sent as it is left.
test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.28' } })

/**
 * The value of one series of a server's /metrics (0 while it has none), by its name and all its
 * labels: the suite's server, or the one at `origin`.
 */
async function sample(
  request: APIRequestContext,
  name: string,
  labels: Record<string, string>,
  origin = '',
): Promise<number> {
  const response = await request.get(`${origin}/metrics`, {
    headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` },
  })
  expect(response.status()).toBe(200)
  return sampleValue(parsePrometheus(await response.text()), name, labels) ?? 0
}

const buildOf = (page: Page) => page.locator('meta[name="build"]').getAttribute('content')

test('a page load sends its web vitals when the page is hidden, into the per-page histograms', async ({
  page,
  request,
}) => {
  // A server of its own. The report leaves as the page is left, and a request the browser sends
  // then carries none of this test's headers (Playwright's extraHTTPHeaders do not reach it), so
  // on the suite's server it would count as from this machine's address, whose allowance
  // (LIMIT_REPORTS_PER_ADDRESS) the reports of every other test's pages use up in a full run.
  const data = mkdtempSync(join(tmpdir(), 'meridian-telemetry-data-'))
  const server = startServerProcess({ METRICS_TOKEN: E2E_METRICS_TOKEN, DATA_DIR: data })
  try {
    const origin = await server.url
    const count = (labels: Record<string, string>, name = 'web_vitals_seconds_count') =>
      sample(request, name, { route: '/product/$id', ...labels }, origin)
    await page.goto(`${origin}/product/1`)
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
    await page.goto(`${origin}/cart`)

    await expect.poll(() => count({ metric: 'LCP' })).toBe(1)
    for (const metric of ['FCP', 'TTFB']) expect(await count({ metric }), metric).toBe(1)
    expect(await count({}, 'web_vitals_cls_count')).toBe(1)
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
    rmSync(data, { recursive: true, force: true })
  }
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
