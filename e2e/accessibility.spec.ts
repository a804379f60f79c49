import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { settle, useSystemTheme } from './support/settle.ts'
import { snifferErrors } from './support/sniffer.ts'
import { addToCartToast } from './support/toast.ts'

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
  '/forgot-password',
  '/reset-password',
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
    // Sixteen pages with two full scans each: slow on a busy 2-core machine.
    test.setTimeout(360_000)
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

/** The contrast of an element's colour, its opacity applied, on its toast's background (WCAG 2). */
function contrastOnToast(element: Element): number {
  const rgba = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number)
  const [r = 0, g = 0, b = 0, alpha = 1] = rgba(getComputedStyle(element).color)
  const toast = element.closest('.Toastify__toast') ?? element
  const background = rgba(getComputedStyle(toast).backgroundColor)
  const opacity = alpha * Number(getComputedStyle(element).opacity)
  const shown = [r, g, b].map((value, i) => value * opacity + (background[i] ?? 0) * (1 - opacity))
  const luminance = (rgb: number[]) => {
    const [red = 0, green = 0, blue = 0] = rgb.map((value) => {
      const c = value / 255
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue
  }
  const [light, dark] = [luminance(shown), luminance(background)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

test('a toast is readable in both themes: no axe violations, nor HTML CodeSniffer errors, at 390 and 1280 px', async ({
  page,
}) => {
  // Two page loads, four scans: slow on a busy 2-core machine.
  test.setTimeout(120_000)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const report: string[] = []
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/product/1')
    await settle(page)
    const toast = await addToCartToast(page)
    // Held open while it is checked, once it has come in: its countdown is its progress bar's
    // animation, which the library restarts as the window gains focus, so the page's animations
    // are stopped (Chromium's own control).
    await toast.evaluate((element) =>
      Promise.all(
        element
          .getAnimations({ subtree: true })
          .filter(
            (animation) =>
              !(animation instanceof CSSAnimation) ||
              animation.animationName !== 'Toastify__trackProgress',
          )
          .map(({ finished }) => finished),
      ),
    )
    const animations = await page.context().newCDPSession(page)
    await animations.send('Animation.setPlaybackRate', { playbackRate: 0 })
    for (const theme of ['light', 'dark'] as const) {
      await useSystemTheme(page, theme)
      await expect(toast).toBeVisible()
      const results = await new AxeBuilder({ page })
        .include('.Toastify__toast-container')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze()
      expect(results.passes.map((rule) => rule.id)).toContain('color-contrast')
      for (const error of await snifferErrors(page, '.Toastify__toast-container'))
        report.push(`${viewport.name} (${theme}): HTMLCS ${error}`)
      for (const violation of results.violations)
        report.push(`${viewport.name} (${theme}): ${violation.id} (${violation.impact})`)
      // Its close button, a control neither checker measures (WCAG 1.4.11: 3:1 on its background).
      const close = await toast.getByRole('button', { name: 'close' }).evaluate(contrastOnToast)
      if (close < 3) report.push(`${viewport.name} (${theme}): close button ${close.toFixed(2)}:1`)
    }
    await animations.detach()
  }
  expect(report).toEqual([])
})
