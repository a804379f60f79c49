import type { ConsoleMessage, Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { isBuiltFile } from './support/build-files.ts'
import { APP_SCRIPT, hydrated, recordStylesheets } from './support/settle.ts'

/** Swiper's stylesheet, which comes with the carousels' shared chunk as one nears the screen. */
const isCarouselStyle = isBuiltFile(/^carousel$/, 'styles')

/**
 * The server sends one HTML for every shopper; the app takes it over in the browser of a shopper
 * with a cart, a saved item, a placed order, the dark theme and a session (fixtures.ts): what is
 * theirs comes in after hydration. A mismatch between the two is a bug, and React reports it (in
 * production as error #418/#425 and the like): none may appear, at a phone's width or a desktop's.
 */
const PAGE_GROUPS = {
  'the shared pages': [
    '/',
    '/products',
    '/products/laptops?brand=apple',
    // Parameters no route reads: the server renders and keeps the page without them.
    '/products?sort=price-asc&utm_source=newsletter&u=8f3a1',
    '/product/1',
    '/product/2?utm_campaign=spring&fbclid=x1',
    '/product/17?variant=LAP-LEN-017-32GB-1TB',
    '/products/mens-shoes?size=%5B%2212%22%5D',
    '/search?q=phone',
    '/customer-service/returns',
    '/userauth',
    '/no-such-page',
  ],
  "the shopper's own pages": [
    '/cart',
    '/checkout',
    '/myaccount',
    '/orders',
    '/saved',
    '/order-confirmation',
  ],
}

function problems(page: Page) {
  const found: string[] = []
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') found.push(message.text())
  }
  page.on('console', onConsole)
  page.on('pageerror', (error) => found.push(error.message))
  return found
}

declare global {
  interface Window {
    /** The page's layout shifts not caused by the shopper, summed (CLS, without its windows). */
    layoutShift: number
  }
}

function recordLayoutShifts() {
  window.layoutShift = 0
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number
      hadRecentInput: boolean
    })[])
      if (!entry.hadRecentInput) window.layoutShift += entry.value
  }).observe({ type: 'layout-shift', buffered: true })
}

// One test per page: each is a cold load, a hydration and a quiet network (about 3 s).
for (const width of [390, 1440]) {
  for (const [group, paths] of Object.entries(PAGE_GROUPS)) {
    test.describe(`${group} at ${width} px`, () => {
      for (const path of paths) {
        test(`${path} hydrates without a mismatch or a shift for a returning shopper`, async ({
          page,
        }) => {
          await page.setViewportSize({ width, height: 900 })
          await page.emulateMedia({ colorScheme: 'light' })
          await page.addInitScript(() => localStorage.setItem('theme', '"dark"'))
          await page.addInitScript(recordLayoutShifts)
          const found = problems(page)
          const stylesheets = recordStylesheets(page)
          await page.goto(path)
          // Hydrated: the shopper's own is on the page (their cart's count, in the header).
          await hydrated(page)
          await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
          // 404s are expected for the not-found page itself; nothing else may complain.
          expect(found.filter((text) => !text.includes('404'))).toEqual([])
          // What the app fills in had its space kept: nothing on the screen moved (Lighthouse's
          // CLS budget), the shopper's own pages included, whose content comes after the frame.
          await page.waitForLoadState('networkidle')
          expect(await page.evaluate(() => window.layoutShift)).toBeLessThan(0.05)
          // Nor did the app restyle the page as it took it over (a stylesheet added later restyles
          // every element, about 20 ms of a phone's main thread): the page's stylesheets are in
          // its HTML. Two come later by design: Swiper's, as the perks carousel nears the screen
          // (on a desktop's product page, at once); and /myaccount's, a page the browser renders
          // (ssr: false), with its code.
          if (path !== '/myaccount')
            expect(stylesheets.filter((url) => !isCarouselStyle(url))).toEqual([])
          // No library added its own (react-toastify's comes with the page's first toast).
          expect(await page.locator('style').count()).toBe(path === '/no-such-page' ? 2 : 1)
        })
      }
    })
  }
}

test("the app's entry script asks Chrome to compile it as it downloads (V8's compile hint on its first line)", async ({
  page,
}) => {
  const entry = page.waitForResponse(APP_SCRIPT)
  await page.goto('/')
  // Otherwise each function is compiled on the main thread when first called, inside the tasks
  // that start the app and hydrate the page (build/compile-hints-plugin.ts).
  expect((await (await entry).text()).split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad')
})
