import { expect, test, type Locator, type Page } from '@playwright/test'
import { holdAppScript, hydrated } from './support/settle.ts'

/**
 * A page that looks ready answers the first tap (decisions.md § Server rendering, taps before
 * takeover): the app's script is held back, the shopper acts on the server's page as on a slow
 * phone, then the script arrives. Each tap is taken at once (the control shows it pressed) and
 * answered once the app runs, exactly once.
 */

const stored = (page: Page, key: string) =>
  page.evaluate((name) => JSON.parse(localStorage.getItem(name) ?? 'null') as unknown, key)

/** The server's page at `path`, with the app's script held back until `release()`. */
async function openBeforeApp(page: Page, path: string) {
  const app = await holdAppScript(page)
  await page.goto(path)
  return app
}

/** A tap on the server's page, which shows it taken at once (the early script marks it, in the same task). */
async function tapEarly(control: Locator) {
  await control.click()
  expect(await control.getAttribute('data-pending')).toBe('')
  expect(await control.getAttribute('aria-busy')).toBe('true')
}

test('Add to Cart tapped before the app runs adds one once it does, and the tap shows at once', async ({
  page,
}) => {
  const app = await openBeforeApp(page, '/product/1')
  const add = page.getByRole('button', { name: 'Add to Cart' })
  await tapEarly(add)
  // Not dimmed: pressed, at full colour.
  expect(await add.evaluate((button) => getComputedStyle(button).opacity)).toBe('1')

  app.release()
  await expect(page.getByText('Product Added To Cart Succesfully')).toBeVisible()
  await hydrated(page)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
  expect(await stored(page, 'cart')).toEqual([expect.objectContaining({ id: 1, quantity: 1 })])
  await expect(add).not.toHaveAttribute('data-pending')
})

test('a double tap adds two only where two taps mean two: Add to Cart twice is two, the bookmark once', async ({
  page,
}) => {
  const app = await openBeforeApp(page, '/product/2')
  const add = page.getByRole('button', { name: 'Add to Cart' })
  await add.dblclick()
  const save = page.getByRole('button', { name: 'Save to My Saved Items' })
  await save.dblclick()
  app.release()
  await hydrated(page)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 2 items' })).toBeVisible()
  expect(await stored(page, 'cart')).toEqual([expect.objectContaining({ id: 2, quantity: 2 })])
  await expect(save).toHaveAttribute('aria-pressed', 'true')
  expect(await stored(page, 'savedItems')).toEqual([expect.objectContaining({ id: 2 })])
})

test('the bookmark, the header’s menu and the theme switch answer their early taps', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.emulateMedia({ colorScheme: 'light' })
  const app = await openBeforeApp(page, '/product/3')
  await tapEarly(page.getByRole('button', { name: 'Save to My Saved Items' }))
  await tapEarly(page.getByRole('switch', { name: 'Dark theme' }))
  // A <details>' summary, named by its aria-label (Playwright's roles do not count it a button).
  await tapEarly(page.getByRole('banner').getByLabel('Open menu'))

  app.release()
  // The menu opened, over the page; the theme is dark and kept; the product is saved.
  await expect(page.getByRole('navigation', { name: 'Categories' })).toBeVisible()
  // Open as the browser tells it: its <details> is.
  await expect(
    page.getByRole('banner').locator('details:has(> [aria-label="Close menu"])'),
  ).toHaveAttribute('open', '')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  expect(await stored(page, 'theme')).toBe('dark')
  expect(await stored(page, 'savedItems')).toEqual([expect.objectContaining({ id: 3 })])
})

test('the filter button and the sort chosen before the app runs apply once it does', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const app = await openBeforeApp(page, '/products/laptops')
  await page.getByLabel('Sort By:').selectOption('price-asc')
  await tapEarly(page.getByRole('button', { name: 'Show Filter' }))

  app.release()
  await expect(page).toHaveURL(/sort=price-asc/)
  await expect(page.getByRole('button', { name: 'Hide Filter' })).toBeVisible()
  await expect(page.getByRole('complementary', { name: /^Filter/ })).toBeVisible()
  await expect(page.getByLabel('Sort By:')).toHaveValue('price-asc')
})

test('Enter in the sign-in form, pressed before the app runs, signs the shopper in once it does', async ({
  page,
}) => {
  const app = await openBeforeApp(page, '/userauth')
  const form = page.getByRole('form', { name: 'Sign In' })
  await form.getByLabel('User Name').fill('emilys')
  await form.getByLabel('Password').fill('emilyspass')
  await form.getByLabel('Password').press('Enter')
  // Nothing was sent as a query: the page and its address are as they were.
  expect(page.url()).not.toContain('emilyspass')
  await expect(form.getByRole('button', { name: 'Sign In' })).toHaveAttribute('data-pending')

  app.release()
  await expect(page).not.toHaveURL(/\/userauth/)
  expect(await stored(page, 'isUserLoggedIn')).toBe(true)
})

test('fields left before the app runs show their messages once it does, and what was typed stays', async ({
  page,
}) => {
  const app = await openBeforeApp(page, '/userauth')
  const form = page.getByRole('form', { name: 'Create Your Account' })
  await form.getByLabel('Country').focus()
  // Through Country, Email and Confirm Email, leaving them empty; a user name typed.
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await page.keyboard.type('kwesi')
  await page.keyboard.press('Tab')

  app.release()
  await expect(form.getByText('Country is missing.')).toBeVisible()
  await expect(form.getByText('Email Address missing.', { exact: true })).toBeVisible()
  await expect(form.getByText('Confirm Email Address Missing.')).toBeVisible()
  await expect(form.getByLabel('User Name')).toHaveValue('kwesi')
  await expect(form.getByText('User Name missing')).toHaveCount(0)
  // A field not reached shows nothing yet.
  await expect(form.getByText('Last Name missing')).toHaveCount(0)
})

test('a link followed before the app runs is followed, as without the app', async ({ page }) => {
  const app = await openBeforeApp(page, '/product/1')
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Home' })
    .click()
  await expect(page).toHaveURL(/\/$/)
  app.release()
  await hydrated(page)
})
