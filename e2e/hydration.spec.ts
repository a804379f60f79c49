import type { ConsoleMessage, Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { hydrated } from './support/settle.ts'

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
    '/product/1',
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

for (const width of [390, 1440]) {
  for (const [group, paths] of Object.entries(PAGE_GROUPS)) {
    test(`${group} hydrate without a mismatch for a returning shopper at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.emulateMedia({ colorScheme: 'light' })
      await page.addInitScript(() => localStorage.setItem('theme', '"dark"'))
      const found = problems(page)
      for (const path of paths) {
        found.length = 0
        await page.goto(path)
        // Hydrated: the shopper's own is on the page (their cart's count, in the header).
        await hydrated(page)
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
        // 404s are expected for the not-found page itself; nothing else may complain.
        expect(
          found.filter((text) => !text.includes('404')),
          path,
        ).toEqual([])
      }
    })
  }
}
