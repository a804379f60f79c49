import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test'
import { SHIPPING_ADDRESS } from '../../testing/shopper.ts'

/** The demo shopper the server seeds (decisions.md § Catalogue API). */
export const DEMO_SHOPPER = { username: 'emilys', password: 'emilyspass' }

export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>

/**
 * A shopper as the pages meet them in real use: signed in, with a placed order (its address saved,
 * the order in the history and on the confirmation page) and a cart filled again afterwards, with
 * a saved item. Built once through the real pages; returned as a storage state for new contexts.
 */
export async function placedOrderState(browser: Browser, baseURL: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' })
  const page = await context.newPage()
  await signIn(page)
  await addToCart(page, [1, 31])
  await checkout(page)
  await addToCart(page, [5, 42, 101])
  // A bookmark for the saved-items page.
  await page.goto('/product/12')
  await page.getByRole('button', { name: 'Save to My Saved Items' }).click()
  const state = await context.storageState()
  await context.close()
  return state
}

/** Signs the demo shopper in on /userauth. */
export async function signIn(page: Page) {
  await page.goto('/userauth')
  const form = page.getByRole('form', { name: 'Sign In' })
  await form.getByLabel('User Name').fill(DEMO_SHOPPER.username)
  await form.getByLabel('Password').fill(DEMO_SHOPPER.password)
  await form.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).not.toHaveURL(/\/userauth$/)
}

/** Adds each product to the cart from its own page, waiting for it to be in the cart. */
export async function addToCart(page: Page, ids: readonly number[]) {
  for (const id of ids) {
    await page.goto(`/product/${id}`)
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    // A tap before the app has taken the page over waits for it (lib/early-events.ts): leaving
    // at once would drop it.
    await expect(page.getByText('Product Added To Cart Succesfully')).toBeVisible()
  }
}

/** Checkout with a new address and a card, then place the order. */
export async function checkout(page: Page) {
  await page.goto('/checkout')
  await fillAddress(page)
  await fillCard(page)
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(/\/order-confirmation$/)
}

/** Checkout step 1: SHIPPING_ADDRESS, typed and saved (the step then shows its summary). */
export async function fillAddress(page: Page) {
  const shipping = page.getByRole('form', { name: 'Shipping address' })
  const address = SHIPPING_ADDRESS
  await shipping.getByLabel('First Name').fill(address.firstName)
  await shipping.getByLabel('Last Name').fill(address.lastName)
  await shipping.getByLabel('Address Line 1').fill(address.address1)
  await shipping.getByLabel('City').fill(address.city)
  await shipping.getByLabel('State').selectOption(address.state)
  await shipping.getByLabel('Pincode').fill(address.code)
  await shipping.getByLabel('Mobile').fill(address.mobile)
  await shipping.getByLabel('Email').fill(address.email)
  await shipping.getByRole('button', { name: 'Save and Continue' }).click()
  await expect(page.getByRole('button', { name: 'Change Address' })).toBeVisible()
}

/** Checkout step 2: a card, typed as a shopper would (the masks add the spaces and the slash). */
export async function fillCard(page: Page) {
  const card = page.getByRole('form', { name: 'Card details' })
  await card.getByLabel('Name on Card').fill('Asha Verma')
  await card.getByLabel('Card Number').pressSequentially('4111111111117429')
  await card.getByLabel('Expiration Date').pressSequentially('1230')
  await card.getByLabel('CVV').fill('321')
  await card.getByRole('button', { name: 'Save Card' }).click()
  await expect(page.getByText('Visa ending in 7429')).toBeVisible()
}

/** The confirmation page an order placed just now opens on: its heading, and its order number. */
export async function confirmedOrderNumber(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/order-confirmation$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }),
  ).toBeVisible()
  const orderNumber =
    (await page
      .getByText(/^Order number:/)
      .locator('strong')
      .textContent()) ?? ''
  // The server's number (docs/api.md § Orders).
  expect(orderNumber).toMatch(/^MRD-[0-9A-Z]{10}$/)
  return orderNumber
}

/** The header's cart link, naming how many items the cart holds. */
export const cartBadge = (page: Page, count: number) =>
  page
    .getByRole('banner')
    .getByRole('link', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` })
