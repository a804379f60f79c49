import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { settle, useSystemTheme } from './support/settle.ts'

/**
 * HTML CodeSniffer (WCAG 2 AA, pa11y's default runner), a second opinion beside axe: its text
 * contrast checks measure the rating glyphs axe leaves to review.
 */
const HTMLCS = readFileSync(
  createRequire(import.meta.url).resolve('html_codesniffer/build/HTMLCS.js'),
  'utf8',
)

/** HTML CodeSniffer's errors on the page as it is. */
async function snifferErrors(page: Page): Promise<string[]> {
  await page.evaluate(HTMLCS)
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const sniffer = (window as unknown as { HTMLCS: Sniffer }).HTMLCS
        sniffer.process('WCAG2AA', document, () =>
          resolve(
            sniffer
              .getMessages()
              .filter((m) => m.type === 1)
              .map(
                (m) =>
                  `${m.code.split('.').slice(-2).join('.')} ${m.element.outerHTML.slice(0, 80)}`,
              ),
          ),
        )
      }),
  )
}
interface Sniffer {
  process(standard: string, content: Document, done: () => void): void
  getMessages(): { type: number; code: string; element: Element }[]
}

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

for (const viewport of VIEWPORTS) {
  test(`every page has no axe violations, nor HTML CodeSniffer errors (${viewport.name}, light and dark)`, async ({
    page,
  }) => {
    // Fourteen pages with two full scans each: slow on a busy 2-core machine.
    test.setTimeout(300_000)
    await page.setViewportSize(viewport)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await withCart(page)
    const report: string[] = []
    for (const path of PAGES) {
      await page.emulateMedia({ colorScheme: 'light' })
      await page.goto(path)
      // The scan sees the page idle, its carousels set up, as a shopper does.
      await settle(page)
      // Each theme on the same page: the app follows the system's theme as it changes.
      for (const theme of ['light', 'dark'] as const) {
        await useSystemTheme(page, theme)
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze()
        for (const error of await snifferErrors(page))
          report.push(`${path} (${theme}): HTMLCS ${error}`)
        for (const violation of results.violations) {
          report.push(
            `${path} (${theme}): ${violation.id} (${violation.impact}) ${violation.nodes
              .map((node) => node.target.join(' '))
              .slice(0, 3)
              .join(' | ')}`,
          )
        }
      }
    }
    expect(report).toEqual([])
  })
}
