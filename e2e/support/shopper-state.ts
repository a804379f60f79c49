import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test'
import { SHIPPING_ADDRESS } from '../../testing/shopper.ts'

export interface Shopper {
  username: string
  password: string
}

/** The demo shopper the server seeds (decisions.md § Catalogue API). */
export const DEMO_SHOPPER: Shopper = { username: 'emilys', password: 'emilyspass' }

/** A client address of a test's own (the suite's server trusts X-Forwarded-For: server-env.ts). */
export const ownAddress = () =>
  `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`

/**
 * A new account with the demo shopper's details (so its pages look as approved) under a name and
 * email of its own: its cart, saved items and address follow it (rules.md § Accounts on every
 * device), so a shopper that other tests also sign in as would change under a test's feet.
 * Registered from an address of its own, under the limit of registrations per address.
 */
export async function newShopper(
  request: APIRequestContext,
  label = 'emily',
): Promise<Shopper & { email: string }> {
  // Eight random letters and digits: the email keeps one length, and fits one line on a phone as
  // the demo shopper's does (the visual baselines mask it, not the lines below it).
  const tag = Math.random().toString(36).slice(2, 10).padEnd(8, '0')
  const shopper = {
    username: `${label}${tag}`,
    password: 'Emily-pass1',
    // Its first letter fixed: a random one ('j') can paint a pixel left of its box, outside the
    // visual baselines' mask of the email, and a picture then differed by that pixel now and then.
    email: `m${tag.slice(1)}@example.com`,
  }
  const res = await request.post('/api/users/add', {
    headers: { 'X-Forwarded-For': ownAddress() },
    data: {
      username: shopper.username,
      email: shopper.email,
      firstName: 'Emily',
      lastName: 'Johnson',
      gender: 'female',
      phone: '+1 602-555-0142',
      birthDate: '1996-05-30',
      password: shopper.password,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return shopper
}

export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>

/**
 * A shopper as the pages meet them in real use: signed in, with a placed order (its address saved,
 * the order in the history and on the confirmation page) and a cart filled again afterwards, with
 * a saved item. Built once through the real pages; returned as a storage state for new contexts.
 */
export async function placedOrderState(
  browser: Browser,
  baseURL: string,
  shopper: Shopper,
): Promise<StorageState> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' })
  const page = await context.newPage()
  await signIn(page, shopper)
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

/** Signs a shopper (the demo shopper unless told) in on /userauth. */
export async function signIn(page: Page, shopper: Shopper = DEMO_SHOPPER) {
  await page.goto('/userauth')
  const form = page.getByRole('form', { name: 'Sign In' })
  await form.getByLabel('User Name').fill(shopper.username)
  await form.getByLabel('Password').fill(shopper.password)
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

interface StoredLine {
  id: number
  quantity?: number
  variant?: { sku: string }
}

/**
 * Puts the account's copy on the server back to what `state`'s device holds (rules.md § Accounts
 * on every device): the cart's lines, the saved items and the address, the rest removed. A test
 * then starts where the shopper's state was built, whatever the tests before it changed: the sync
 * brings the server's copy onto the device as it would bring another device's changes.
 */
export async function restoreAccountCopy(
  request: APIRequestContext,
  shopper: Shopper,
  state: StorageState,
): Promise<void> {
  const stored = new Map(
    state.origins.flatMap((origin) => origin.localStorage).map(({ name, value }) => [name, value]),
  )
  const read = <T>(key: string, empty: T): T =>
    (JSON.parse(stored.get(key) ?? 'null') as T | null) ?? empty
  const cart = read<StoredLine[]>('cart', [])
  const saved = read<StoredLine[]>('savedItems', [])
  const login = await request.post('/api/auth/login', { data: shopper })
  expect(login.status()).toBe(200)
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`,
  }
  const server = (await (await request.get('/api/account/state', { headers })).json()) as {
    cart: StoredLine[]
    saved: StoredLine[]
  }
  const now = Date.now()
  const line = ({ id, variant }: StoredLine) => ({ id, ...(variant && { sku: variant.sku }) })
  const key = ({ id, variant }: StoredLine) => `${id} ${variant?.sku ?? ''}`
  const gone = (lines: StoredLine[], kept: StoredLine[]) =>
    lines.filter((one) => !kept.some((other) => key(other) === key(one)))
  const res = await request.patch('/api/account/state', {
    headers,
    data: {
      sentAt: now,
      cart: [
        ...cart.map((one) => ({ ...line(one), quantity: one.quantity ?? 1, changedAt: now })),
        ...gone(server.cart, cart).map((one) => ({ ...line(one), quantity: 0, changedAt: now })),
      ],
      saved: [
        ...saved.map((one) => ({ ...line(one), saved: true, changedAt: now })),
        ...gone(server.saved, saved).map((one) => ({ ...line(one), saved: false, changedAt: now })),
      ],
      address: { value: read('address', null), changedAt: now },
    },
  })
  expect(res.status(), await res.text()).toBe(200)
}
