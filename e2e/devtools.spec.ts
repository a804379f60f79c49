import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { isBuiltFile } from './support/build-files.ts'
import { hydrated } from './support/settle.ts'

/**
 * The developers' devtools on the production build (docs/operating.md § Debugging a live page):
 * `?devtools` opens TanStack Query's and Router's, for the rest of the tab; a shopper's pages, and
 * their service worker, never download them.
 */

/** The build's files of the devtools: their chunks are named after their modules. */
const isDevtoolsFile = isBuiltFile(/devtools/i)

/** Every file the context's pages and service worker ask for. */
function recordRequests(context: BrowserContext): string[] {
  const urls: string[] = []
  context.on('request', (request) => urls.push(request.url()))
  return urls
}

/** What the site's Content-Security-Policy refused on the page, as the browser reports it. */
async function recordRefusals(page: Page): Promise<string[]> {
  const refusals: string[] = []
  await page.exposeFunction('reportRefusal', (refusal: string) => refusals.push(refusal))
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportRefusal: (refusal: string) => void })
        .reportRefusal
      report(`${event.violatedDirective} ${event.blockedURI}`)
    }),
  )
  return refusals
}

test('?devtools opens both panels over the live cache, for the rest of the tab, until ?devtools=off', async ({
  page,
}) => {
  const refusals = await recordRefusals(page)
  await page.goto('/?devtools')
  const queries = page.getByRole('complementary', { name: 'Tanstack query devtools' })
  // What the server's page carried, hydrated into the app's own query client.
  await expect(queries.getByText('["catalogue","categories"]', { exact: true })).toBeVisible()
  await expect(page.getByText('Pathname', { exact: true })).toBeVisible()
  await expect(page.getByText('TanStack Router v1')).toBeVisible()

  // A page loaded afresh in the same tab: open again, with the server's data for it and, restored
  // from this device's persisted cache, home's list, which the product page does not load.
  await page.goto('/product/1')
  await expect(queries.getByText('["catalogue","product",1]', { exact: true })).toBeVisible()
  await expect(queries.getByText('["catalogue","list",{}]', { exact: true })).toBeVisible()
  await expect(page.getByText('Pathname', { exact: true })).toBeVisible()
  expect(refusals).toEqual([])

  await page.goto('/?devtools=off')
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('meridian-devtools')))
    .toBeNull()
  await expect(queries).toHaveCount(0)
  await expect(page.getByText('Pathname', { exact: true })).toHaveCount(0)
})

test('a page without ?devtools, and its service worker, download none of their code', async ({
  browser,
}) => {
  // The devtools' files, as a developer's page loads them.
  const developer = await browser.newContext()
  const developerRequests = recordRequests(developer)
  const developerPage = await developer.newPage()
  await developerPage.goto('/?devtools')
  await expect(developerPage.getByText('Pathname', { exact: true })).toBeVisible()
  await developer.close()
  const devtoolsFiles = developerRequests.filter((url) => isDevtoolsFile(url))
  expect(devtoolsFiles.length).toBeGreaterThan(0)

  const shopper = await browser.newContext()
  const shopperRequests = recordRequests(shopper)
  const page = await shopper.newPage()
  for (const path of ['/', '/products', '/product/1']) {
    await page.goto(path)
    await hydrated(page)
  }
  // Once the service worker is active it has precached the build's files.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await shopper.close()
  expect(shopperRequests.filter((url) => /\/assets\/.*\.js$/.test(url)).length).toBeGreaterThan(20)
  expect(shopperRequests.filter((url) => isDevtoolsFile(url))).toEqual([])
  expect(shopperRequests.filter((url) => devtoolsFiles.includes(url))).toEqual([])
})
