import { expect, test, type Page } from '@playwright/test'
import { keptForOffline, openOffline } from './support/offline.ts'
import { delayAppScript, hydrated } from './support/settle.ts'

/** Search as shoppers type it (rules.md § Search): with typos, from the header's suggestions, and offline. */

async function openHeaderSearch(page: Page) {
  await hydrated(page)
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click()
  const box = page.getByRole('combobox', { name: 'Search products' })
  await expect(box).toBeFocused()
  return box
}

for (const width of [390, 1280]) {
  test(`at ${width} px, a typo in the header's search suggests the product, and choosing it opens it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 })
    await page.goto('/products')
    const box = await openHeaderSearch(page)
    await box.pressSequentially('macbok air', { delay: 50 })
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' })
    const first = suggestions.getByRole('option').first()
    await expect(first).toContainText(/MacBook Air/)
    await expect(first.locator('mark')).toHaveText(['MacBook Air'])
    await expect(page.getByRole('status').filter({ hasText: 'suggested' })).toHaveText(
      /^[1-5] products? and \d+ categor(y|ies) suggested\. Use the up and down arrows to choose\.$/,
    )
    if (width < 768) {
      // On a phone the suggestions take the screen below the header, which stays usable.
      const header = await page.getByRole('banner').boundingBox()
      const panel = await suggestions.locator('..').boundingBox()
      expect(panel?.y).toBeCloseTo((header?.y ?? 0) + (header?.height ?? 0), -1)
      expect(panel?.width).toBe(header?.width)
      expect((panel?.y ?? 0) + (panel?.height ?? 0)).toBeCloseTo(844, -1)
    }
    const title = await first.locator('mark').locator('..').textContent()
    await box.press('ArrowDown')
    await expect(first).toHaveAttribute('aria-selected', 'true')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/product\/\d+$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '')
    await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveCount(0)
  })
}

test('words typed in the search page before the app has taken it over are searched once it has', async ({
  page,
}) => {
  // A slow connection: the app's entry script arrives 1.5 s after the page.
  await delayAppScript(page)
  await page.goto('/search')
  await page.getByRole('searchbox', { name: 'Search products' }).fill('phone')
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('article')
  await expect(results.first()).toBeVisible()
  await expect(page).toHaveURL(/\/search\?q=phone$/)
})

test('the search page marks the words each result matched', async ({ page }) => {
  await page.goto('/search?q=sofa%20lether')
  const results = page.getByRole('list', { name: 'Search results' })
  await expect(results.getByRole('heading').first()).toContainText(/Leather/)
  await expect(results.getByRole('heading').first().locator('mark')).toHaveText([
    /^(Leather|Sofa)$/,
    /^(Leather|Sofa)$/,
  ])
})

test('offline, the search page searches the products saved on this device and says so', async ({
  page,
}) => {
  await page.goto('/products/laptops')
  await keptForOffline(page, 'MacBook')

  const online = await openOffline(page, '/search')
  await page.getByRole('searchbox', { name: 'Search products' }).pressSequentially('macbok')
  await expect(
    page.getByText(
      /^You are offline: (this is the 1 result|these are \d+ results) from products saved on this device\.$/,
    ),
  ).toBeVisible()
  const titles = page.getByRole('list', { name: 'Search results' }).getByRole('heading')
  await expect(titles.first()).toContainText('MacBook')
  for (const title of await titles.allTextContents()) expect(title).toMatch(/MacBook/)
  await online()
})
