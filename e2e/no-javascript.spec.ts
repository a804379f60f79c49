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
