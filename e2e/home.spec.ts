import { expect, test } from '@playwright/test'
import { hydrated, openOnTouchPhone } from './support/settle.ts'

test('home → a category from the carousel → back → a best seller', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'HOLIDAY GIFTS' })).toBeVisible()
  await expect(page).toHaveTitle(/Meridian/)

  // The carousel is keyboard- and pointer-usable; its slides link to the category listings.
  const carousel = page.getByRole('region', { name: 'Shop by Category' })
  await carousel.getByRole('link', { name: 'Laptops' }).click()
  await expect(page).toHaveURL(/\/products\/laptops$/)
  await expect(page.getByRole('heading', { level: 1, name: /Laptops/ })).toBeVisible()

  await page.goBack()
  await expect(page).toHaveURL(/\/$/)
  const bestSellers = page.getByRole('region', { name: 'Our Best Sellers' })
  const cards = bestSellers.getByRole('article')
  await expect(cards).toHaveCount(4)
  const firstTitle = (await cards.first().getByRole('heading').textContent())?.trim() ?? ''
  expect(firstTitle).not.toBe('')
  await cards.first().getByRole('link').click()
  await expect(page).toHaveURL(/\/product\/\d+$/)
})

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  await expect(page).toHaveTitle('Page not found | Meridian')
})

test('the theme toggle switches to dark and is kept, with no flash, after a reload', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await hydrated(page)
  await page.getByRole('switch', { name: 'Dark theme' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')

  // The inline script sets the theme before any module runs: check it on the raw HTML document.
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
})

test('the category carousel pages with its buttons and with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await hydrated(page)
  const carousel = page.getByRole('region', { name: 'Shop by Category' })
  const next = carousel.getByRole('button', { name: 'Next categories' })
  const previous = carousel.getByRole('button', { name: 'Previous categories' })
  // Swiper waits for the shopper to reach for the carousel: at load it is the plain strip.
  await page.waitForLoadState('networkidle')
  await expect(carousel.locator('.swiper-initialized')).toHaveCount(0)
  await expect(next).toBeEnabled()
  await expect(previous).toBeDisabled()
  // 25% slides: four at a time; the fifth category comes into view after one page (the press
  // sets Swiper up, then pages).
  const groceries = carousel.getByRole('link', { name: 'Groceries' })
  await expect(groceries).not.toBeInViewport({ ratio: 0.9 })
  await next.click()
  await expect(carousel.locator('.swiper-initialized')).toBeVisible()
  await expect(groceries).toBeInViewport({ ratio: 0.9 })
  await expect(previous).toBeEnabled()
  await expect(next).toBeFocused()

  // Keyboard: the focus coming into the strip sets Swiper up and stays on its slide; tabbing onto
  // a slide's link scrolls it into view; Enter follows it.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await hydrated(page)
  const smartphones = carousel.getByRole('link', { name: 'Smartphones' })
  await smartphones.focus()
  await expect(carousel.locator('.swiper-initialized')).toBeVisible()
  await expect(smartphones).toBeFocused()
  await page.keyboard.press('Tab')
  const laptops = carousel.getByRole('link', { name: 'Laptops' })
  await expect(laptops).toBeFocused()
  await expect(laptops).toBeInViewport({ ratio: 0.9 })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/products\/laptops$/)
})

test('on a touch screen the strip scrolls by hand, and Swiper starts where it was left', async ({
  browser,
}) => {
  const page = await openOnTouchPhone(browser, '/')
  const carousel = page.getByRole('region', { name: 'Shop by Category' })
  const strip = carousel.getByRole('list')
  // A swipe (the strip scrolled by hand, a slide at a time): no Swiper yet.
  await strip.evaluate((element) => element.scrollTo({ left: element.scrollWidth }))
  await page.waitForLoadState('networkidle')
  await expect(carousel.locator('.swiper-initialized')).toHaveCount(0)
  await expect(carousel.getByRole('button', { name: 'Next categories' })).toBeDisabled()
  const previous = carousel.getByRole('button', { name: 'Previous categories' })
  await expect(previous).toBeEnabled()
  // 'Previous' sets Swiper up at the strip's last slide, then pages back one.
  await previous.tap()
  await expect(carousel.locator('.swiper-initialized')).toBeVisible()
  await expect(carousel.getByRole('link', { name: 'Motorcycle' })).toBeInViewport({ ratio: 0.9 })
  await page.context().close()
})
