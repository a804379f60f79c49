import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { hydrated, settle } from './support/settle.ts'
import { cartBadge, confirmedOrderNumber, fillAddress, fillCard } from './support/shopper-state.ts'

/**
 * Products sold in options (rules.md § Options and variants) as a shopper meets them: the picker's
 * values are links to `?variant={sku}`, with and without JavaScript; each variant is bought, capped
 * and named on its own (two sizes are two cart lines, named through checkout to My Purchases); a
 * sold-out variant can be looked at, not bought; and the address keeps the choice through a
 * reload and Back. Products and variants are read from the catalogue's API.
 */

// What the pages store (localStorage's cart) is read here, with no service worker in the way.
// A step that cannot find its control fails at once, not at the end of the test's time.
test.use({ serviceWorkers: 'block', actionTimeout: 10_000 })

interface Variant {
  sku: string
  options: Record<string, string>
  price: number
  discountPercentage: number
  stock: number
}

interface Sold {
  id: number
  title: string
  minimumOrderQuantity: number
  variants?: Variant[]
}

/** Two products of the bundled catalogue: shoes in Size × Colour, a laptop in Memory × Storage. */
const OXFORDS = 109
const LAPTOP = 17

async function product(request: APIRequestContext, id: number): Promise<Sold> {
  const response = await request.get(`/api/products/${id}`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as Sold
}

/** The first product (lowest id), sold one at a time, with a variant of exactly `stock` left. */
async function variantWithStock(
  request: APIRequestContext,
  stock: number,
): Promise<{ product: Sold; variant: Variant }> {
  const response = await request.get(
    '/api/products?limit=0&select=variants,title,minimumOrderQuantity',
  )
  expect(response.ok()).toBe(true)
  const { products } = (await response.json()) as { products: Sold[] }
  for (const candidate of products) {
    if (candidate.minimumOrderQuantity > 1) continue
    const variant = candidate.variants?.find((each) => each.stock === stock)
    if (variant) return { product: candidate, variant }
  }
  throw new Error(`the catalogue has no variant with ${stock} left`)
}

function variantOf(sold: Sold, options: Record<string, string>): Variant {
  const found = sold.variants?.find((variant) =>
    Object.entries(options).every(([name, value]) => variant.options[name] === value),
  )
  if (!found) throw new Error(`product ${sold.id} has no variant ${JSON.stringify(options)}`)
  return found
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** The price the page shows for a variant: after its discount, to the cent (rules.md § Constants and formulas). */
function shownPrice({ price, discountPercentage }: Variant): string {
  const now = dollars.format(Math.round(price * (100 - discountPercentage)) / 100)
  return discountPercentage > 0 ? `Sale price ${now}` : now
}

/** The picker's group for an option, whatever its chosen value. */
const optionGroup = (page: Page, option: string) =>
  page.getByRole('group', { name: new RegExp(`^${option}: `) })

/** Follows a value's link in its option's group. */
async function choose(page: Page, option: string, value: string) {
  await optionGroup(page, option).getByRole('link', { name: value, exact: true }).click()
  await expect(page.getByRole('group', { name: `${option}: ${value}` })).toBeVisible()
}

const variantURL = (id: number, sku: string) => new RegExp(`/product/${id}\\?variant=${sku}$`)

/** The cart's line of one variant: its heading holds the title and, under it, the variant's name. */
const cartLineOf = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Items in your cart' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }).filter({ hasText: label }) })

/** The stored cart's lines, as product id and variant SKU with their quantities. */
async function storedLines(page: Page): Promise<{ id: number; sku?: string; quantity: number }[]> {
  const raw = await page.evaluate(() => localStorage.getItem('cart'))
  const lines = JSON.parse(raw ?? '[]') as {
    id: number
    quantity: number
    variant?: { sku: string }
  }[]
  return lines.map(({ id, quantity, variant }) => ({ id, sku: variant?.sku, quantity }))
}

/**
 * Clicks a control the stock rules stopped. aria-disabled keeps it focusable and clickable, but
 * Playwright waits for such a control to be enabled: the click is forced, and the focus shows it
 * landed on the control.
 */
async function pressStopped(control: Locator) {
  await expect(control).toHaveAttribute('aria-disabled', 'true')
  await control.click({ force: true })
  await expect(control).toBeFocused()
}

/** A value's link by the name the browser gives it: the value, then what choosing it gives. */
const valueLink = (group: Locator, value: string, state: string) =>
  group.getByRole('link', { name: `${value}, ${state}`, exact: true })

test('two sizes of a shoe, chosen on its page, are two named lines from the cart to the confirmation and My Purchases', async ({
  page,
  request,
}) => {
  // A dozen page loads and both checkout steps typed: the length of buy.spec.ts's journey.
  test.slow()
  const shoes = await product(request, OXFORDS)
  const nineBrown = variantOf(shoes, { Size: '9', Colour: 'Brown' })
  const tenBlack = variantOf(shoes, { Size: '10', Colour: 'Black' })
  const add = page.getByRole('button', { name: 'Add to Cart' })

  await page.goto(`/product/${OXFORDS}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shoes.title)
  await settle(page)
  await choose(page, 'Size', '9')
  await choose(page, 'Colour', 'Brown')
  await expect(page).toHaveURL(variantURL(OXFORDS, nineBrown.sku))
  await add.click()
  await expect(cartBadge(page, 1)).toBeVisible()

  await choose(page, 'Size', '10')
  await choose(page, 'Colour', 'Black')
  await expect(page).toHaveURL(variantURL(OXFORDS, tenBlack.sku))
  await add.click()
  await expect(cartBadge(page, 2)).toBeVisible()

  // Two lines, one per variant, each named under the title.
  await cartBadge(page, 2).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart (2)' })).toBeVisible()
  await expect(
    page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem'),
  ).toHaveCount(2)
  for (const label of ['Size 9 · Brown', 'Size 10 · Black']) {
    const line = cartLineOf(page, label)
    await expect(line.getByRole('link', { name: shoes.title, exact: true })).toBeVisible()
    await expect(line.getByText(label, { exact: true })).toBeVisible()
    await expect(line.getByText(/Quantity: 1$/)).toBeVisible()
  }
  expect(await storedLines(page)).toEqual([
    { id: OXFORDS, sku: nineBrown.sku, quantity: 1 },
    { id: OXFORDS, sku: tenBlack.sku, quantity: 1 },
  ])

  await page.getByRole('link', { name: 'Checkout Now' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  await fillAddress(page)
  await fillCard(page)
  const named = [`${shoes.title} (Size 9 · Brown) × 1`, `${shoes.title} (Size 10 · Black) × 1`]
  const review = page.getByRole('region', { name: 'Order Review' })
  for (const text of named) await expect(review.getByText(text, { exact: true })).toBeVisible()
  await review.getByRole('button', { name: 'Place Order' }).click()

  const orderNumber = await confirmedOrderNumber(page)
  const items = page.getByRole('region', { name: 'Your items' })
  for (const text of named) await expect(items.getByText(text, { exact: true })).toBeVisible()

  await page.getByRole('link', { name: 'See all your orders' }).click()
  await expect(page).toHaveURL(/\/orders$/)
  const order = page.getByRole('list', { name: `Items in order ${orderNumber}` })
  await expect(order.getByRole('listitem')).toHaveCount(2)
  for (const text of named) await expect(order.getByText(text, { exact: true })).toBeVisible()
})

test('a sold-out variant can be looked at, not bought: Add to Cart stops with Out of Stock', async ({
  page,
  request,
}) => {
  const shoes = await product(request, OXFORDS)
  const elevenBlack = variantOf(shoes, { Size: '11', Colour: 'Black' })
  const elevenBrown = variantOf(shoes, { Size: '11', Colour: 'Brown' })
  expect(elevenBrown.stock).toBe(0)
  expect(elevenBlack.stock).toBeGreaterThan(0)

  // Another size in the cart first: its count is what must not change.
  await page.goto(`/product/${OXFORDS}?variant=${elevenBlack.sku}`)
  await hydrated(page)
  await expect(valueLink(optionGroup(page, 'Colour'), 'Brown', 'Sold out')).toBeVisible()
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(cartBadge(page, 1)).toBeVisible()

  await page.goto(`/product/${OXFORDS}?variant=${elevenBrown.sku}`)
  await hydrated(page)
  await expect(page.getByRole('group', { name: 'Size: 11' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Colour: Brown' })).toBeVisible()
  await expect(page.getByText('Out of Stock', { exact: true })).toBeVisible()
  await expect(valueLink(optionGroup(page, 'Size'), '11', 'Sold out')).toBeVisible()

  const add = page.getByRole('button', { name: 'Add to Cart' })
  await expect(add).toHaveAccessibleDescription(
    'Out of Stock: you can still save it to My Saved Items',
  )
  await pressStopped(add)
  await expect(cartBadge(page, 1)).toBeVisible()
  await expect(page).toHaveURL(variantURL(OXFORDS, elevenBrown.sku))
  expect(await storedLines(page)).toEqual([{ id: OXFORDS, sku: elevenBlack.sku, quantity: 1 }])
})

test("the cart's plus button stops at a variant's own stock, and says why", async ({
  page,
  request,
}) => {
  const { product: sold, variant } = await variantWithStock(request, 2)
  await page.goto(`/product/${sold.id}?variant=${variant.sku}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sold.title)
  await expect(page.getByText('Only 2 left', { exact: true })).toBeVisible()
  await hydrated(page)
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(cartBadge(page, 1)).toBeVisible()

  await cartBadge(page, 1).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart (1)' })).toBeVisible()
  // The box closes itself after 3 s without use: every step below follows a press at once.
  await page.getByRole('button', { name: 'Edit Item' }).click()
  const box = page.getByRole('group', { name: `Quantity of ${sold.title}` })
  const plus = box.getByRole('button', { name: `Add one more ${sold.title}` })
  await expect(plus).toHaveAttribute('aria-disabled', 'false')
  await plus.click()
  await expect(box.getByRole('status')).toHaveText('2')

  const reason = 'Only 2 left: your cart has all of them'
  await expect(plus).toHaveAccessibleDescription(reason)
  await pressStopped(plus)
  await expect(box.getByRole('status')).toHaveText('2')
  await expect(page.getByRole('status').filter({ hasText: reason })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart (2)' })).toBeVisible()
  expect(await storedLines(page)).toEqual([{ id: sold.id, sku: variant.sku, quantity: 2 }])
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('?variant= opens that variant, and each value is a link to another', async ({
    page,
    request,
  }) => {
    const shoes = await product(request, OXFORDS)
    const eightBrown = variantOf(shoes, { Size: '8', Colour: 'Brown' })
    const tenBrown = variantOf(shoes, { Size: '10', Colour: 'Brown' })
    await page.goto(`/product/${OXFORDS}?variant=${eightBrown.sku}`)
    await expect(page.getByRole('group', { name: 'Size: 8' })).toBeVisible()
    await expect(page.getByRole('group', { name: 'Colour: Brown' })).toBeVisible()
    await expect(page.getByText(`Only ${eightBrown.stock} left`, { exact: true })).toBeVisible()

    // A real navigation: the server's page for the other variant.
    await optionGroup(page, 'Size').getByRole('link', { name: '10', exact: true }).click()
    await expect(page).toHaveURL(variantURL(OXFORDS, tenBrown.sku))
    await expect(page.getByRole('group', { name: 'Size: 10' })).toBeVisible()
    await expect(page.getByRole('group', { name: 'Colour: Brown' })).toBeVisible()
    await expect(page.getByText(`Only ${tenBrown.stock} left`, { exact: true })).toBeVisible()
  })

  test('a value not made with the others says so, and opens the closest variant that is', async ({
    page,
    request,
  }) => {
    const laptop = await product(request, LAPTOP)
    const bigger = variantOf(laptop, { Memory: '32GB', Storage: '1TB' })
    await page.goto(`/product/${LAPTOP}`)
    // The cheapest in stock: 16GB with 512GB, which is not made with 1TB.
    await expect(page.getByRole('group', { name: 'Memory: 16GB' })).toBeVisible()
    await expect(page.getByRole('group', { name: 'Storage: 512GB' })).toBeVisible()
    const terabyte = valueLink(optionGroup(page, 'Storage'), '1TB', 'Not available in 16GB')
    await expect(terabyte).toHaveAttribute('href', `/product/${LAPTOP}?variant=${bigger.sku}`)
    await terabyte.click()
    await expect(page).toHaveURL(variantURL(LAPTOP, bigger.sku))
    await expect(page.getByRole('group', { name: 'Memory: 32GB' })).toBeVisible()
    await expect(page.getByRole('group', { name: 'Storage: 1TB' })).toBeVisible()
    await expect(page.getByText(shownPrice(bigger), { exact: true })).toBeVisible()
  })
})

test('choosing a value changes the address and the price in place; a reload and Back keep the choice', async ({
  page,
  request,
}) => {
  const laptop = await product(request, LAPTOP)
  const base = variantOf(laptop, { Memory: '16GB', Storage: '512GB' })
  const more = variantOf(laptop, { Memory: '32GB', Storage: '512GB' })
  expect(shownPrice(more)).not.toBe(shownPrice(base))
  const main = page.getByRole('main')

  await page.goto(`/product/${LAPTOP}`)
  await settle(page)
  await expect(main.getByText(shownPrice(base), { exact: true })).toBeVisible()
  // A mark on this document, gone if the browser loads another one.
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }))
  const entries = await page.evaluate(() => history.length)

  await choose(page, 'Memory', '32GB')
  await expect(page).toHaveURL(variantURL(LAPTOP, more.sku))
  await expect(main.getByText(shownPrice(more), { exact: true })).toBeVisible()
  await expect(main.getByText(shownPrice(base), { exact: true })).toHaveCount(0)
  await expect(page.getByRole('group', { name: 'Storage: 512GB' })).toBeVisible()
  expect(await page.evaluate(() => 'e2eSameDocument' in window)).toBe(true)
  // Replaced, not pushed: Back leaves the product rather than stepping through the choices.
  expect(await page.evaluate(() => history.length)).toBe(entries)

  await page.reload()
  await expect(page).toHaveURL(variantURL(LAPTOP, more.sku))
  await expect(page.getByRole('group', { name: 'Memory: 32GB' })).toBeVisible()
  await expect(main.getByText(shownPrice(more), { exact: true })).toBeVisible()

  await hydrated(page)
  await cartBadge(page, 0).click()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.getByText('Your Shopping cart is empty')).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(variantURL(LAPTOP, more.sku))
  await expect(page.getByRole('group', { name: 'Memory: 32GB' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Storage: 512GB' })).toBeVisible()
  await expect(main.getByText(shownPrice(more), { exact: true })).toBeVisible()
})
