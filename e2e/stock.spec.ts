import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { SHIPPING_ADDRESS } from '../testing/shopper.ts'
import { cartBadge, fillCard } from './support/shopper-state.ts'

/**
 * The stock rules (rules.md § Stock) as a shopper meets them: Add to Cart and the cart's
 * plus button stop at the stock and say why, another tab's add counts, a stale cart is corrected
 * as the cart and checkout open and once more at Place Order, and an out-of-stock product can be
 * saved but not bought. The products are found through the catalogue's API, by their stock.
 */

// page.route does not see what a service worker answers: the worker stays out of these journeys.
// A step that cannot find its control fails at once, not at the end of the test's time.
test.use({ serviceWorkers: 'block', actionTimeout: 10_000 })

interface Listed {
  id: number
  title: string
  stock: number
  minimumOrderQuantity: number
}

/** The catalogue's products with their stock rules. */
async function catalogue(request: APIRequestContext): Promise<Listed[]> {
  const response = await request.get(
    '/api/products?limit=0&select=stock,minimumOrderQuantity,title',
  )
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { products: Listed[] }).products
}

/** The first product (lowest id) matching `wanted`, and the one after it when `nth` is 1. */
async function productWhere(
  request: APIRequestContext,
  what: string,
  wanted: (product: Listed) => boolean,
  nth = 0,
): Promise<Listed> {
  const found = (await catalogue(request)).filter(wanted)[nth]
  if (!found) throw new Error(`the catalogue has no ${what}`)
  return found
}

/** Sold one at a time, with exactly `stock` left. */
const withStock = (stock: number) => (product: Listed) =>
  product.stock === stock && product.minimumOrderQuantity <= 1

const plentiful = (product: Listed) => product.stock >= 20 && product.minimumOrderQuantity <= 1

/** A cart line as the app stores it under 'cart', from the product the API gives. */
async function cartLine(
  request: APIRequestContext,
  id: number,
  quantity: number,
  stock: number,
): Promise<Record<string, unknown>> {
  const response = await request.get(`/api/products/${id}`)
  expect(response.ok()).toBe(true)
  const product = (await response.json()) as Record<string, unknown>
  const { title, brand, category, price, discountPercentage, thumbnail } = product
  return { id, title, brand, category, price, discountPercentage, thumbnail, quantity, stock }
}

/**
 * Stores these values (as JSON, under their localStorage keys) before the page's first document
 * runs, once per tab: later navigations and reloads find what the app made of them.
 */
async function seedStorage(page: Page, values: Record<string, unknown>) {
  await page.addInitScript((entries) => {
    if (sessionStorage.getItem('e2e-seeded')) return
    sessionStorage.setItem('e2e-seeded', 'yes')
    for (const [key, value] of Object.entries(entries))
      localStorage.setItem(key, JSON.stringify(value))
  }, values)
}

/** The stored cart's quantities by product id. */
async function storedQuantities(page: Page): Promise<Record<number, number>> {
  const raw = await page.evaluate(() => localStorage.getItem('cart'))
  const lines = JSON.parse(raw ?? '[]') as { id: number; quantity: number }[]
  return Object.fromEntries(lines.map((line) => [line.id, line.quantity]))
}

const cartLineOf = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Items in your cart' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) })

/** Presses a control the stock rules stopped (aria-disabled keeps it focusable), as a keyboard would. */
async function pressStopped(control: Locator) {
  await expect(control).toHaveAttribute('aria-disabled', 'true')
  await control.press('Enter')
}

test('Add to Cart and Express Checkout stop once the cart holds the whole stock, and say why', async ({
  page,
  request,
}) => {
  const product = await productWhere(request, 'product with 2 left', withStock(2))
  await page.goto(`/product/${product.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title)
  await expect(page.getByText('Only 2 left', { exact: true })).toBeVisible()
  const add = page.getByRole('button', { name: 'Add to Cart' })
  const express = page.getByRole('button', { name: 'Express Checkout' })

  await add.click()
  await expect(cartBadge(page, 1)).toBeVisible()
  await expect(add).toHaveAttribute('aria-disabled', 'false')
  await add.click()
  await expect(cartBadge(page, 2)).toBeVisible()

  const reason = 'Only 2 left: your cart has all of them'
  for (const button of [add, express]) {
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await expect(button).toHaveAccessibleDescription(reason)
  }
  await expect(page.getByRole('status').filter({ hasText: reason })).toBeVisible()

  // Pressed anyway, neither adds a third nor leaves for the cart.
  await pressStopped(add)
  await pressStopped(express)
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`))
  await expect(cartBadge(page, 2)).toBeVisible()
  expect(await storedQuantities(page)).toEqual({ [product.id]: 2 })
})

test("the cart's plus button stops at the stock and says why", async ({ page, request }) => {
  const product = await productWhere(request, 'product with 2 left', withStock(2))
  await seedStorage(page, { cart: [await cartLine(request, product.id, 1, 2)] })
  await page.goto('/cart')
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart (1)' })).toBeVisible()

  // The box closes itself after 3 s without use: every step below follows a press at once.
  await cartLineOf(page, product.title).getByRole('button', { name: 'Edit Item' }).click()
  const box = page.getByRole('group', { name: `Quantity of ${product.title}` })
  const plus = box.getByRole('button', { name: `Add one more ${product.title}` })
  await expect(plus).toHaveAttribute('aria-disabled', 'false')
  await plus.click()
  await expect(box.getByRole('status')).toHaveText('2')
  const reason = 'Only 2 left: your cart has all of them'
  await expect(plus).toHaveAttribute('aria-disabled', 'true')
  await expect(plus).toHaveAccessibleDescription(reason)
  await expect(page.getByRole('status').filter({ hasText: reason })).toBeVisible()

  await pressStopped(plus)
  await expect(box.getByRole('status')).toHaveText('2')
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart (2)' })).toBeVisible()
  expect(await storedQuantities(page)).toEqual({ [product.id]: 2 })
})

test('another tab taking the last one stops Add to Cart in this one', async ({
  context,
  page,
  request,
}) => {
  const product = await productWhere(request, 'product with 2 left', withStock(2))
  await page.goto(`/product/${product.id}`)
  const add = page.getByRole('button', { name: 'Add to Cart' })
  await add.click()
  await expect(cartBadge(page, 1)).toBeVisible()

  // A second tab of the same browser sees the first one's unit and takes the last.
  const other = await context.newPage()
  await other.goto(`/product/${product.id}`)
  await expect(cartBadge(other, 1)).toBeVisible()
  const otherAdd = other.getByRole('button', { name: 'Add to Cart' })
  await expect(otherAdd).toHaveAttribute('aria-disabled', 'false')
  await otherAdd.click()
  await expect(otherAdd).toHaveAttribute('aria-disabled', 'true')

  // The first tab, not reloaded, learns it from the storage event.
  await expect(cartBadge(page, 2)).toBeVisible()
  await expect(add).toHaveAttribute('aria-disabled', 'true')
  await expect(add).toHaveAccessibleDescription('Only 2 left: your cart has all of them')
  await pressStopped(add)
  await expect(cartBadge(page, 2)).toBeVisible()
  expect(await storedQuantities(page)).toEqual({ [product.id]: 2 })
})

test('the cart lowers a line kept above the stock, and says so on the line', async ({
  page,
  request,
}) => {
  const product = await productWhere(request, 'product with 2 left', withStock(2))
  const other = await productWhere(request, 'plentiful product', plentiful)
  // Kept when 5 were left; the catalogue has 2 now.
  await seedStorage(page, {
    cart: [
      await cartLine(request, product.id, 5, 5),
      await cartLine(request, other.id, 1, other.stock),
    ],
  })
  await page.goto('/cart')
  const line = cartLineOf(page, product.title)
  await expect(line.getByRole('status')).toHaveText('Quantity lowered to 2: only 2 left')
  await expect(line.getByText(/Quantity: 2$/)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart (3)' })).toBeVisible()
  // The line that was fine is left alone, without a word.
  await expect(cartLineOf(page, other.title).getByRole('status')).toHaveCount(0)
  await expect(page.getByText(/could not be checked/)).toHaveCount(0)
  expect(await storedQuantities(page)).toEqual({ [product.id]: 2, [other.id]: 1 })
})

test('checkout corrects a cart kept above the stock and lists what it changed', async ({
  page,
  request,
}) => {
  const product = await productWhere(request, 'product with 2 left', withStock(2))
  await seedStorage(page, { cart: [await cartLine(request, product.id, 5, 5)] })
  await page.goto('/checkout')
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  const notices = page.getByRole('status').filter({ has: page.getByRole('listitem') })
  await expect(notices.getByRole('listitem')).toHaveText([
    `${product.title}: Quantity lowered to 2: only 2 left`,
  ])
  await expect(
    page.getByRole('complementary', { name: 'Order Summary' }).getByText(`${product.title} × 2`),
  ).toBeVisible()
  expect(await storedQuantities(page)).toEqual({ [product.id]: 2 })

  // Its way back to the cart, where the same notice stands on the line.
  await notices.getByRole('link', { name: 'Edit your cart' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart (2)' })).toBeVisible()
  await expect(cartLineOf(page, product.title).getByRole('status')).toHaveText(
    'Quantity lowered to 2: only 2 left',
  )
})

test('Place Order checks the stock once more: a change stops the order until it is reviewed', async ({
  page,
  request,
}) => {
  const product = await productWhere(request, 'product with 2 left', withStock(2))
  await seedStorage(page, {
    cart: [await cartLine(request, product.id, 2, 2)],
    address: SHIPPING_ADDRESS,
  })
  await page.goto('/checkout')
  await expect(page.getByRole('button', { name: 'Change Address' })).toBeVisible()
  await fillCard(page)
  const review = page.getByRole('region', { name: 'Order Review' })
  await expect(review.getByText(`${product.title} × 2`)).toBeVisible()

  // While the shopper was filling the steps, someone else bought one.
  await page.route(
    (url) => url.pathname === `/api/products/${product.id}`,
    async (route) => {
      const response = await route.fetch()
      const json = (await response.json()) as Record<string, unknown>
      await route.fulfill({ response, json: { ...json, stock: 1 } })
    },
  )
  const placeOrder = review.getByRole('button', { name: 'Place Order' })
  await placeOrder.click()
  const changed =
    'The stock changed while you were checking out: your cart was corrected. Review it and place your order again.'
  await expect(review.getByRole('status')).toHaveText(changed)
  await expect(placeOrder).toHaveAccessibleDescription(changed)
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(
    page
      .getByRole('status')
      .filter({ has: page.getByRole('listitem') })
      .getByRole('listitem'),
  ).toHaveText([`${product.title}: Quantity lowered to 1: only 1 left`])
  await expect(review.getByText(`${product.title} × 1`)).toBeVisible()
  expect(await storedQuantities(page)).toEqual({ [product.id]: 1 })

  // Reviewed, placed again: the stock still holds, and the order goes through with one.
  await placeOrder.click()
  await expect(page).toHaveURL(/\/order-confirmation$/)
  await expect(
    page.getByRole('region', { name: 'Your items' }).getByText(`${product.title} × 1`, {
      exact: true,
    }),
  ).toBeVisible()
  // The order's answer has the page ask the product again past every cache (rules.md § Stock):
  // that read may still be in the route above as the test ends, whose context then closes under it.
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})

test('an out-of-stock product cannot be added, but can be saved', async ({ page, request }) => {
  const product = await productWhere(request, 'out-of-stock product', withStock(0))
  await page.goto(`/product/${product.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title)
  const reason = 'Out of Stock: you can still save it to My Saved Items'
  const add = page.getByRole('button', { name: 'Add to Cart' })
  for (const button of [add, page.getByRole('button', { name: 'Express Checkout' })]) {
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await expect(button).toHaveAccessibleDescription(reason)
  }
  await pressStopped(add)
  await expect(cartBadge(page, 0)).toBeVisible()
  expect(await storedQuantities(page)).toEqual({})

  const save = page.getByRole('button', { name: 'Save to My Saved Items' })
  await save.click()
  await expect(save).toHaveAttribute('aria-pressed', 'true')

  // Saved, it waits there; Move to Cart says why it cannot go yet.
  await page.goto('/saved')
  const move = page.getByRole('button', { name: `Move ${product.title} to cart` })
  await expect(move).toHaveAttribute('aria-disabled', 'true')
  await expect(move).toHaveAccessibleDescription('Out of Stock')
  await pressStopped(move)
  await expect(page.getByRole('heading', { level: 1, name: 'My Saved Items (1)' })).toBeVisible()
  expect(await storedQuantities(page)).toEqual({})
})

test('an out-of-stock line stays in the cart, out of the total, and blocks Place Order until saved for later', async ({
  page,
  request,
}) => {
  const gone = await productWhere(request, 'out-of-stock product', withStock(0))
  const other = await productWhere(request, 'plentiful product', plentiful)
  // The gone product was kept when 4 were left.
  await seedStorage(page, {
    cart: [
      await cartLine(request, gone.id, 1, 4),
      await cartLine(request, other.id, 1, other.stock),
    ],
    address: SHIPPING_ADDRESS,
  })
  await page.goto('/cart')
  const unavailable = 'Out of Stock. Remove it or save it for later to place your order.'
  const line = cartLineOf(page, gone.title)
  await expect(line.getByRole('status')).toHaveText(unavailable)
  await expect(line.getByLabel(/, not in the total$/)).toBeVisible()
  await expect(cartLineOf(page, other.title).getByLabel(/^Line total /)).toBeVisible()

  await page.getByRole('link', { name: 'Checkout Now' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  await expect(
    page
      .getByRole('status')
      .filter({ has: page.getByRole('listitem') })
      .getByRole('listitem'),
  ).toHaveText([`${gone.title}: ${unavailable}`])
  await fillCard(page)
  const review = page.getByRole('region', { name: 'Order Review' })
  const placeOrder = review.getByRole('button', { name: 'Place Order' })
  const blocked =
    'Remove the items that cannot be bought, or save them for later, to place your order.'
  await expect(placeOrder).toHaveAttribute('aria-disabled', 'true')
  await expect(placeOrder).toHaveAccessibleDescription(blocked)
  await expect(review.getByText(`${gone.title} ×`)).toHaveCount(0)
  await pressStopped(placeOrder)
  await expect(page).toHaveURL(/\/checkout$/)

  // Saved for later, the line leaves the cart and the order can be placed.
  await page.getByRole('link', { name: 'Edit your cart' }).click()
  await cartLineOf(page, gone.title).getByRole('button', { name: 'Save for Later' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart (1)' })).toBeVisible()
  await page.getByRole('link', { name: 'Checkout Now' }).click()
  await expect(page.getByRole('status').filter({ has: page.getByRole('listitem') })).toHaveCount(0)
  // The card chosen a moment ago is still there (in memory, never stored).
  await expect(page.getByText('Visa ending in 7429')).toBeVisible()
  await expect(placeOrder).toHaveAttribute('aria-disabled', 'false')
  await placeOrder.click()
  await expect(page).toHaveURL(/\/order-confirmation$/)
})

test('a product with a minimum order adds its minimum, and the cart keeps at least that', async ({
  page,
  request,
}) => {
  const product = await productWhere(
    request,
    'product with a minimum order',
    (candidate) =>
      candidate.minimumOrderQuantity > 1 && candidate.stock >= candidate.minimumOrderQuantity + 1,
  )
  const min = product.minimumOrderQuantity
  await page.goto(`/product/${product.id}`)
  await expect(page.getByText(`Minimum order: ${min}`, { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(cartBadge(page, min)).toBeVisible()
  expect(await storedQuantities(page)).toEqual({ [product.id]: min })

  await cartBadge(page, min).click()
  await expect(page.getByRole('heading', { level: 1, name: `Your Cart (${min})` })).toBeVisible()
  const line = cartLineOf(page, product.title)
  await expect(line.getByText(`Minimum order: ${min}`, { exact: false })).toBeVisible()
  await line.getByRole('button', { name: 'Edit Item' }).click()
  const box = page.getByRole('group', { name: `Quantity of ${product.title}` })
  const minus = box.getByRole('button', { name: `Remove one ${product.title}` })
  await expect(minus).toHaveAttribute('aria-disabled', 'true')
  await expect(minus).toHaveAccessibleDescription(
    `The minimum order is ${min}: remove the item instead`,
  )
  await pressStopped(minus)
  await expect(box.getByRole('status')).toHaveText(String(min))
  expect(await storedQuantities(page)).toEqual({ [product.id]: min })
})
