import { expect, test, type Page } from '@playwright/test'
import { keptForOffline, openOffline } from './support/offline.ts'

test('after a first visit, a visited listing and product open offline, with a notice', async ({
  page,
}) => {
  await page.goto('/products/laptops')
  const cards = page.getByRole('region', { name: 'Products' }).getByRole('article')
  await expect(cards.first()).toBeVisible()
  const title = (await cards.first().getByRole('heading').textContent()) ?? ''
  await cards.first().getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  // The service worker installs after load and takes control, and the catalogue is saved: wait.
  await keptForOffline(page, title)

  const online = await openOffline(page, '/products/laptops')
  await expect(page.getByText(/You are offline/)).toBeVisible()
  await expect(cards.first().getByRole('heading')).toHaveText(title)
  await cards.first().getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await online()
  await expect(page.getByText(/You are offline/)).toBeHidden()
})

test('a second load of /products paints products with the network offline', async ({
  page,
  context,
}) => {
  await page.goto('/products')
  const last = page.getByRole('region', { name: 'Products' }).getByRole('article').last()
  await keptForOffline(page, (await last.getByRole('heading').textContent()) ?? '')
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('region', { name: 'Products' }).getByRole('article')).toHaveCount(30)
})

const WIDTHS = [1280, 390]

/** The header's link to a category: in the bar from 1024 px, in the menu below. */
async function followCategoryLink(page: Page, name: string) {
  const menuButton = page.getByRole('banner').getByLabel('Open menu')
  if (await menuButton.isVisible()) await menuButton.click()
  const nav = page
    .getByRole('navigation', { name: /^(Main|Categories)$/ })
    .filter({ visible: true })
  await nav.getByRole('link', { name, exact: true }).first().click()
}

const cards = (page: Page) => page.getByRole('region', { name: 'Products' }).getByRole('article')
const notSaved = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'This page is not saved on this device' })

/** A first visit online: the laptops listing seen, the app and the catalogue kept on the device. */
async function visitLaptops(page: Page): Promise<string> {
  await page.goto('/products/laptops')
  const title = (await cards(page).first().getByRole('heading').textContent()) ?? ''
  await keptForOffline(page, title)
  return title
}

for (const width of WIDTHS)
  test(`offline at ${width} px, links answer at once: a visited category shows its cards, another says what is missing; Back and Forward too`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 })
    const laptop = await visitLaptops(page)
    // Later, offline: the page comes from the service worker's shell and this device's catalogue.
    const online = await openOffline(page, '/')
    await expect(page.getByRole('status').filter({ hasText: /^You are offline/ })).toBeVisible()

    await followCategoryLink(page, 'Laptops')
    await expect(cards(page).first().getByRole('heading')).toHaveText(laptop, { timeout: 2000 })

    await followCategoryLink(page, 'Smartphones')
    await expect(notSaved(page)).toBeVisible({ timeout: 2000 })
    await expect(page.getByRole('alert')).toContainText(
      'You are offline. Check your connection and try again.',
    )
    // Retry while still offline answers at once, with the same state: nothing waits.
    await page.getByRole('button', { name: 'Retry' }).click()
    await expect(notSaved(page)).toBeVisible({ timeout: 2000 })

    await page.goBack()
    await expect(cards(page).first().getByRole('heading')).toHaveText(laptop, { timeout: 2000 })
    await page.goForward()
    await expect(notSaved(page)).toBeVisible({ timeout: 2000 })
    await page.goBack()
    await page.goBack()
    await expect(page.getByRole('heading', { name: 'HOLIDAY GIFTS' })).toBeVisible({
      timeout: 2000,
    })
    await page.goForward()
    await expect(cards(page).first().getByRole('heading')).toHaveText(laptop, { timeout: 2000 })
    await online()
  })

test('a page missing offline loads with Retry once the connection is back', async ({
  page,
  context,
}) => {
  await visitLaptops(page)
  const online = await openOffline(page, '/products/laptops')
  await followCategoryLink(page, 'Smartphones')
  await expect(notSaved(page)).toBeVisible({ timeout: 2000 })

  // The connection comes back before the catalogue service answers again: the page tries by
  // itself and says what is wrong; Retry then loads it.
  const smartphones = '**/api/products/category/smartphones?*'
  await context.route(smartphones, (route) => route.abort('connectionrefused'))
  await online()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sorry, this page could not be loaded' }),
  ).toBeVisible()
  await context.unroute(smartphones)
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(cards(page).first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: /^Smartphones/ })).toBeVisible()
})

for (const width of WIDTHS)
  test(`a listing loaded directly shows its first row's pictures offline too (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/products/laptops')
    // The server put the first row's pictures in the page itself (lib/inline-images.ts).
    const inlined = await cards(page)
      .locator('img[src^="data:"]')
      .evaluateAll((images) => images.length)
    expect(inlined).toBeGreaterThan(0)
    const title = (await cards(page).first().getByRole('heading').textContent()) ?? ''
    await keptForOffline(page, title)
    // Once the worker controls the page, they are fetched by their own addresses, into its cache.
    await expect
      .poll(() =>
        page.evaluate(async () => (await (await caches.open('meridian-images')).keys()).length),
      )
      .toBeGreaterThanOrEqual(inlined)

    const online = await openOffline(page, '/products/laptops')
    await expect(page.getByText(/You are offline/)).toBeVisible()
    await expect(cards(page).locator('img').first()).toBeVisible()
    // Every picture on the screen shows: none is a broken link.
    const brokenOnScreen = () =>
      cards(page)
        .locator('img')
        .evaluateAll((images) =>
          (images as HTMLImageElement[])
            .filter((image) => image.getBoundingClientRect().top < innerHeight)
            .filter((image) => !image.complete || image.naturalWidth === 0)
            .map((image) => image.src),
        )
    await expect.poll(brokenOnScreen).toEqual([])
    await online()
  })
