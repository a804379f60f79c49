import { expect, test } from '@playwright/test'
import { hydrated } from './support/settle.ts'

const STORED_KEYS = [
  'cart',
  'userDetails',
  'isUserLoggedIn',
  'accessToken',
  'address',
  'orderDetails',
  'orderHistory',
  'savedItems',
  'promo',
  'theme',
  'meridian-query-cache',
]

// The routes in three groups, each test loading one: pages the server renders, malformed
// addresses, and the shopper's own pages (sent as their frame and rendered by the app).
const PATH_GROUPS = {
  'the shared pages': ['/', '/products', '/userauth', '/product/abc', '/product/-1'],
  'the malformed addresses': [
    '/product/99999999',
    '/products/%00',
    '/customer-service/../x',
    '/customer-service/%2e%2e%2fx',
    '/products?sort=%7B&brand=1&price=%5B%22x%22',
    '/search?q=%7B%22a%22%3A1%7D',
  ],
  "the shopper's own pages": [
    '/cart',
    '/checkout',
    '/order-confirmation',
    '/orders',
    '/saved',
    '/myaccount',
  ],
}

// One test per kind of garbage and group of routes: at most six page loads each (eleven took
// 26-34 s on this machine, against Playwright's 30 s), so each stays well inside its time while
// the layout sweep shares the machine's two cores.
for (const garbage of ['{not json', '"a string"', '[1,2,3]', 'null', '{"__proto__":{"x":1}}']) {
  for (const [group, paths] of Object.entries(PATH_GROUPS)) {
    test(`${group} survive malformed URLs and ${garbage} in every stored key, with no uncaught error`, async ({
      page,
    }) => {
      const problems: string[] = []
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
      page.on('console', (message) => {
        // The browser logs failed requests (the 404 of an unknown product) itself; those are not app errors.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          problems.push(message.text())
      })

      await page.goto('/')
      await page.evaluate(
        ([keys, value]) => {
          for (const key of keys as string[]) localStorage.setItem(key, value as string)
        },
        [STORED_KEYS, garbage],
      )
      for (const path of paths) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible()
        // The server's HTML shows the heading before the app has run (and read what it keeps).
        await hydrated(page)
      }
      // The app reset what it read: nothing it validates still holds the garbage. Every page reads
      // the cart (the header's count); the shopper's own pages the address too (`null` is a
      // valid one: none saved yet).
      const validated =
        group === "the shopper's own pages" && garbage !== 'null' ? ['cart', 'address'] : ['cart']
      const left = await page.evaluate(
        ([keys, value]) => (keys as string[]).filter((key) => localStorage.getItem(key) === value),
        [validated, garbage],
      )
      expect(left).toEqual([])
      expect(problems).toEqual([])
    })
  }
}

test('a corrupted cart is reset and the shopper can shop on', async ({ page }) => {
  await page.goto('/')
  await page.evaluate(() => localStorage.setItem('cart', '{"broken": true'))
  await page.goto('/product/2')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 0 items' })).toBeVisible()
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
  expect(
    JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]'),
  ).toHaveLength(1)
})

test('the pages run under the Content-Security-Policy without violations', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  const response = await page.goto('/product/1')
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-")
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // Phone width: the photo carousel (Swiper, once pointed at) lays slides out with style attributes.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/product/3')
  await page.getByRole('img', { name: /, photo 1 of \d+$/ }).hover()
  await expect(page.locator('.swiper-initialized').first()).toBeVisible()
  await page.goto('/')
  await page.getByRole('switch', { name: 'Dark theme' }).click()
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  expect(violations).toEqual([])
})
