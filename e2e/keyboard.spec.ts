import { expect, test, type Page } from '@playwright/test'
import { hydrated } from './support/settle.ts'

/** Presses Tab until the focused element matches, as a keyboard-only shopper would. */
async function tabTo(
  page: Page,
  matches: (element: { role: string; name: string }) => boolean,
  limit = 80,
) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      return {
        role: element?.getAttribute('role') ?? element?.tagName.toLowerCase() ?? '',
        name: (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim(),
      }
    })
    if (matches(focused)) return
  }
  throw new Error('Never reached the element with Tab')
}

test('keyboard only: search → product → cart → checkout, with focus always visible', async ({
  page,
}) => {
  // Four pages walked with Tab, each press a round trip to read the focus: 26-29 s measured on
  // this machine when it is otherwise idle, so Playwright's default 30 s left no margin.
  test.setTimeout(60_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await hydrated(page)
  await tabTo(page, ({ name }) => name === 'Search')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('combobox', { name: 'Search products' })).toBeFocused()
  await page.keyboard.type('phone', { delay: 60 })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/search\?q=phone$/)
  const results = page.getByRole('list', { name: 'Search results' })
  await expect(results.getByRole('link').first()).toBeVisible()

  // Into the results and onto the first product.
  await tabTo(page, ({ role }) => role === 'a')
  const title = (await page.evaluate(() => document.activeElement?.textContent)) ?? ''
  const outline = await page.evaluate(
    () => getComputedStyle(document.activeElement as Element, '::after').outlineStyle,
  )
  expect(outline).not.toBe('none')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()

  await tabTo(page, ({ name }) => name === 'Add to Cart')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()

  await page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart (1)' })).toBeVisible()
  await tabTo(page, ({ name }) => name === 'Checkout Now')
  const focusRing = await page.evaluate(
    () => getComputedStyle(document.activeElement as Element).outlineStyle,
  )
  expect(focusRing).not.toBe('none')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  await tabTo(page, ({ role }) => role === 'input')
  await expect(page.getByLabel('First Name')).toBeFocused()
})
