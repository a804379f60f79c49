import { expect, test, type Page } from '@playwright/test'
import { recordStylesheets } from './support/settle.ts'

/**
 * What a shopper whose script is slow, blocked or off gets: the server's HTML alone (decisions.md
 * § Server rendering). Every page's first screen is there and readable, and its links work; buying needs
 * JavaScript.
 */
test.use({ javaScriptEnabled: false })

const main = (page: Page) => page.getByRole('main')

test('home: the hero, the categories and the best sellers; a category link opens its listing', async ({
  page,
}) => {
  expect((await page.goto('/'))?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'HOLIDAY GIFTS' })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Our Best Sellers' }).getByRole('article'),
  ).toHaveCount(4)
  await page
    .getByRole('region', { name: 'Shop by Category' })
    .getByRole('link', { name: 'Laptops' })
    .click()
  await expect(page).toHaveURL(/\/products\/laptops$/)
  await expect(page.getByRole('heading', { level: 1, name: /^Laptops \(\d+\)$/ })).toBeVisible()
  await expect(main(page).getByRole('article').first()).toBeVisible()
})

test('a listing: its products and count; Load More is a link to one page more', async ({
  page,
}) => {
  await page.goto('/products')
  const heading = page.getByRole('heading', { level: 1, name: /^All Products \((\d+)\)$/ })
  await expect(heading).toBeVisible()
  const total = Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')?.[1])
  await expect(main(page).getByRole('article')).toHaveCount(30)
  await expect(page.getByText(`Viewing 30 of ${total} products`)).toBeVisible()
  await main(page).getByRole('link', { name: 'Load More' }).click()
  await expect(page).toHaveURL(/\/products\?page=2$/)
  await expect(main(page).getByRole('article')).toHaveCount(60)
  await expect(page.getByText(`Viewing 60 of ${total} products`)).toBeVisible()
})

test('filters from the URL: their tags, and the products they select', async ({ page }) => {
  await page.goto('/products/laptops?brand=apple')
  await expect(page.getByRole('button', { name: 'Remove filter Apple' })).toBeVisible()
  const cards = main(page).getByRole('article')
  await expect(cards.first()).toBeVisible()
  for (const card of await cards.all()) await expect(card).toContainText('Apple')
})

test('a product: its title, price, photo and trail; Add to Cart is there, for when the app runs', async ({
  page,
}) => {
  await page.goto('/product/1')
  const title = page.getByRole('heading', { level: 1 })
  await expect(title).toHaveText(/iPhone/)
  await expect(main(page)).toContainText(/\$\d[\d,]*\.\d{2}/)
  const photo = main(page).getByRole('img').first()
  await expect(photo).toHaveAttribute('fetchpriority', 'high')
  expect(
    await photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
  ).toBe(true)
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'You Might Also Like' }).getByRole('article'),
  ).toHaveCount(3)
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Smartphones' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: /^Smartphones/ })).toBeVisible()
})

test("the header's search button opens the search page", async ({ page }) => {
  await page.goto('/products')
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/search\??$/)
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toBeVisible()
})

test("the search page's own box: typing and Enter show the results", async ({ page }) => {
  await page.goto('/search')
  const box = main(page).getByRole('searchbox', { name: 'Search products' })
  await box.fill('laptop')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/search\?q=laptop$/)
  await expect(box).toHaveValue('laptop')
  const results = page.getByRole('list', { name: 'Search results' })
  await expect(results.getByRole('article').first()).toBeVisible()
  // Its Search button sends the form too.
  await box.fill('watch')
  await main(page).getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/search\?q=watch$/)
})

test('search: ?q=phone shows its results, and a result opens its product', async ({ page }) => {
  await page.goto('/search?q=phone')
  const results = page.getByRole('list', { name: 'Search results' })
  await expect(results.getByRole('article').first()).toBeVisible()
  const first = results.getByRole('article').first().getByRole('link')
  const name = (await first.textContent()) ?? ''
  await first.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
})

test('customer service: the footer’s links open its pages', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Shipping & Returns' }).click()
  await expect(page).toHaveURL(/\/customer-service\/returns$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Free Shipping & Returns' }),
  ).toBeVisible()
  await expect(main(page).getByRole('heading', { level: 2 }).first()).toBeVisible()
})

test('an unknown address or product: the not-found page, with status 404', async ({ page }) => {
  for (const path of ['/no-such-page', '/product/99999', '/products/spaceships']) {
    expect((await page.goto(path))?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await expect(page).toHaveTitle('Page not found | Meridian')
  }
})

test('the first screen is styled by the HTML alone: no stylesheet to wait for', async ({
  page,
}) => {
  const stylesheets = recordStylesheets(page)
  for (const path of ['/', '/products', '/product/1', '/no-such-page']) {
    await page.goto(path)
    // The site's own rules (the body's margin) and a component's (the header's sticky bar).
    await expect(page.getByRole('banner')).toHaveCSS('position', 'sticky')
    await expect(page.locator('body')).toHaveCSS('margin', '0px')
  }
  // The not-found page's own, which no route names: its links are buttons.
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveCSS('display', 'flex')
  expect(stylesheets).toEqual([])
})

/*
 * Each control of the header, the listings and the product page, at a phone's width and a
 * desktop's: it works, or it says why (decisions.md § Server rendering, without JavaScript).
 */
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 900 }

test("the header's categories open at 390 px: the menu's list, and a category not in the bar", async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  await page.goto('/')
  // A <details>' summary, named by its aria-label (Playwright's roles do not count it a button).
  await page.getByRole('banner').getByLabel('Open menu').click()
  const menu = page.getByRole('navigation', { name: 'Categories' })
  await expect(menu.getByRole('link')).toHaveCount(21)
  await menu.getByRole('link', { name: 'Motorcycle' }).click()
  await expect(page).toHaveURL(/\/products\/motorcycle$/)
  await expect(page.getByRole('heading', { level: 1, name: /^Motorcycle \(\d+\)$/ })).toBeVisible()
})

test("the header's 'More Categories' opens at 1280 px, and its category is reached", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/')
  const more = page.getByRole('banner').locator('details', { hasText: 'More Categories' })
  await more.locator('summary').click()
  await expect(more.getByRole('link')).toHaveCount(16)
  await more.getByRole('link', { name: 'Lighting' }).click()
  await expect(page).toHaveURL(/\/products\/lighting$/)
  await expect(page.getByRole('heading', { level: 1, name: /^Lighting \(\d+\)$/ })).toBeVisible()
})

const shownPrices = async (page: Page) =>
  (await main(page).getByRole('article').allTextContents()).map((text) =>
    Number(/\$([\d,]+\.\d{2})/.exec(text)?.[1]?.replaceAll(',', '')),
  )

for (const size of [PHONE, DESKTOP])
  test(`a sort sent at ${size.width} px: the app's own address, the filters kept, the list sorted`, async ({
    page,
  }) => {
    await page.setViewportSize(size)
    await page.goto('/products/laptops?brand=%5B%22apple%22%5D')
    await page.getByLabel('Sort By:').selectOption('price-desc')
    await main(page).getByRole('button', { name: 'Sort', exact: true }).click()
    // As the app writes it: `sort`, then each filter's list in JSON (TanStack Router's encoding).
    await expect(page).toHaveURL(/\/products\/laptops\?sort=price-desc&brand=%5B%22apple%22%5D$/)
    await expect(page.getByLabel('Sort By:')).toHaveValue('price-desc')
    await expect(page.getByRole('button', { name: 'Remove filter Apple' })).toBeVisible()
    const prices = await shownPrices(page)
    expect(prices.length).toBeGreaterThan(1)
    expect(prices).toEqual(prices.toSorted((a, b) => b - a))
  })

for (const size of [PHONE, DESKTOP])
  test(`filters sent at ${size.width} px: their names, the sort kept, the list filtered`, async ({
    page,
  }) => {
    await page.setViewportSize(size)
    await page.goto('/products/laptops?sort=price-asc')
    // The app's own button does nothing without JavaScript: hidden, the form's summary instead.
    const filter = main(page).locator('details', { hasText: 'Show Filter' })
    await filter.locator('summary').click()
    await filter.getByRole('checkbox', { name: 'Apple' }).check()
    await filter.getByRole('checkbox', { name: 'Dell' }).check()
    await filter.getByRole('button', { name: 'Show Products' }).click()
    // Two values of a group are two of its name, which the router reads as one list.
    await expect(page).toHaveURL(/\/products\/laptops\?sort=price-asc&brand=apple&brand=dell$/)
    await expect(page.getByRole('button', { name: 'Remove filter Dell' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Remove filter Apple' })).toBeVisible()
    const cards = main(page).getByRole('article')
    await expect(cards.first()).toBeVisible()
    for (const card of await cards.all()) await expect(card).toContainText(/Apple|Dell/)
    const prices = await shownPrices(page)
    expect(prices).toEqual(prices.toSorted((a, b) => a - b))
    // The form shows what is applied, and Clear All keeps the sort.
    await filter.locator('summary').click()
    await expect(filter.getByRole('heading', { name: 'Filter (2)' })).toBeVisible()
    await expect(filter.getByRole('checkbox', { name: 'Apple' })).toBeChecked()
    await filter.getByRole('link', { name: 'Clear All' }).click()
    await expect(page).toHaveURL(/\/products\/laptops\?sort=price-asc$/)
  })

const NEEDS_SCRIPT = /Add to Cart, Express Checkout and Save to My Saved Items need JavaScript/

for (const size of [PHONE, DESKTOP])
  test(`the product page at ${size.width} px says beside Add to Cart why it needs JavaScript`, async ({
    page,
  }) => {
    await page.setViewportSize(size)
    await page.goto('/product/1')
    const note = main(page).getByText(NEEDS_SCRIPT)
    await expect(note).toBeVisible()
    const button = page.getByRole('button', { name: 'Express Checkout' })
    const [buttonBox, noteBox] = [await button.boundingBox(), await note.boundingBox()]
    // Just under the buttons (Express Checkout the lower at 390 px).
    expect(noteBox!.y - (buttonBox!.y + buttonBox!.height)).toBeLessThan(60)
    // The strip's dots cannot move it: hidden.
    await expect(main(page).getByRole('button', { name: 'Go to slide 2' })).toBeHidden()
  })

test('the product page at 1280 px shows its photo grid, every photo reachable', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/product/1')
  const photos = main(page).getByRole('list', { name: /^Photos of / })
  await expect(photos).toHaveCSS('display', 'grid')
  const [first, second] = await photos.getByRole('img').all()
  const [a, b] = [await first!.boundingBox(), await second!.boundingBox()]
  // Two side by side, as the app's grid has them.
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(2)
  expect(b!.x).toBeGreaterThan(a!.x + a!.width)
})

test.describe('with JavaScript', () => {
  test.use({ javaScriptEnabled: true })

  test('none of it shows: the app has its own controls', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await page.goto('/products/laptops')
    await expect(page.getByRole('button', { name: 'Show Filter' })).toBeVisible()
    await expect(main(page).getByRole('button', { name: 'Sort', exact: true })).toHaveCount(0)
    await page.goto('/product/1')
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible()
    await expect(main(page).getByText(NEEDS_SCRIPT)).toHaveCount(0)
  })
})
