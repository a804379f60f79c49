import { expect, test } from '@playwright/test'

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
  const carousel = page.getByRole('region', { name: 'Shop by Category' })
  await expect(carousel.locator('.swiper-initialized')).toBeVisible()
  const next = carousel.getByRole('button', { name: 'Next categories' })
  const previous = carousel.getByRole('button', { name: 'Previous categories' })
  await expect(next).toBeEnabled()
  await expect(previous).toBeDisabled()
  // 25% slides: four at a time; the fifth category comes into view after one page.
  const groceries = carousel.getByRole('link', { name: 'Groceries' })
  await expect(groceries).not.toBeInViewport({ ratio: 0.9 })
  await next.click()
  await expect(groceries).toBeInViewport({ ratio: 0.9 })
  await expect(previous).toBeEnabled()

  // Keyboard: tabbing onto a slide's link scrolls it into view; Enter follows it.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  // Swiper loads after first paint: wait for it, or the focus would land in the placeholder strip.
  await expect(carousel.locator('.swiper-initialized')).toBeVisible()
  const smartphones = carousel.getByRole('link', { name: 'Smartphones' })
  await smartphones.focus()
  await page.keyboard.press('Tab')
  const laptops = carousel.getByRole('link', { name: 'Laptops' })
  await expect(laptops).toBeFocused()
  await expect(laptops).toBeInViewport({ ratio: 0.9 })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/products\/laptops$/)
})
