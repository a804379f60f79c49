import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { settle } from './support/settle.ts'

const PAGES = [
  '/',
  '/products',
  '/products/laptops?brand=%5B%22apple%22%5D',
  '/product/1',
  '/product/109?variant=MEN-SAV-109-9-BROWN',
  '/search?q=phone',
  '/cart',
  '/saved',
  '/checkout',
  '/order-confirmation',
  '/orders',
  '/userauth',
  '/customer-service/warranty',
  '/no-such-page',
]
const VIEWPORTS = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]

// Requests must reach page.route (below), which a service worker would answer first.
test.use({ serviceWorkers: 'block' })

/** Fills the cart so /cart and /checkout show their full pages. */
async function withCart(page: Page) {
  await page.goto('/product/1')
  await page.getByRole('button', { name: 'Add to Cart' }).click()
}

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`every page has no axe violations (${theme}, ${viewport.name})`, async ({ page }) => {
      // Thirteen pages with a full axe scan each: slow on a busy 2-core machine.
      test.setTimeout(300_000)
      await page.setViewportSize(viewport)
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
      await withCart(page)
      const report: string[] = []
      for (const path of PAGES) {
        await page.goto(path)
        // The scan sees the page idle, its carousels set up, as a shopper does.
        await settle(page)
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze()
        for (const violation of results.violations) {
          report.push(
            `${path}: ${violation.id} (${violation.impact}) ${violation.nodes
              .map((node) => node.target.join(' '))
              .slice(0, 3)
              .join(' | ')}`,
          )
        }
      }
      expect(report).toEqual([])
    })
  }
}
