import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { newOrderKey, orderBody } from '../testing/orders.ts'
import { SHIPPING_ADDRESS } from '../testing/shopper.ts'
import { E2E_ADMIN_TOKEN } from './support/server-env.ts'
import { useSystemTheme } from './support/settle.ts'
import { addToCart, fillAddress, fillCard, ownAddress, signIn } from './support/shopper-state.ts'

/**
 * Orders the shop really takes (docs/decisions.md § Orders), in Chromium against `npm start`: one
 * order per intent whatever the connection does, stock that moves, and the confirmation mail
 * written to the outbox folder (no SMTP_URL in the suite's server).
 */

const admin = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` }

interface AdminOrder {
  number: string
  email: string
  lines: { productId: number; quantity: number }[]
}

/** The orders since `since` that hold product `id` (the tests run side by side: each has its own product). */
async function ordersOf(request: APIRequestContext, id: number, since: Date) {
  const res = await request.get(`/api/admin/orders?since=${since.toISOString()}&limit=100`, {
    headers: admin,
  })
  expect(res.status()).toBe(200)
  const { orders } = (await res.json()) as { orders: AdminOrder[] }
  return orders.filter((order) => order.lines.some((line) => line.productId === id))
}

async function stockOf(request: APIRequestContext, id: number): Promise<number> {
  const res = await request.get(`/api/products/${id}`, { headers: { 'Cache-Control': 'no-cache' } })
  return ((await res.json()) as { stock: number }).stock
}

/** A cart of product `id`, an address and a card: the review step's Place Order is ready. */
async function readyToPlace(page: Page, id: number) {
  await addToCart(page, [id])
  await page.goto('/checkout')
  await fillAddress(page)
  await fillCard(page)
  return page
    .getByRole('region', { name: 'Order Review' })
    .getByRole('button', { name: 'Place Order' })
}

const orderNumberOn = async (page: Page) =>
  (await page
    .getByText(/^Order number:/)
    .locator('strong')
    .textContent()) ?? ''

test('a double tap places one order: the stock moves once and the confirmation mail is written once', async ({
  page,
  request,
}) => {
  const since = new Date()
  const before = await stockOf(request, 20)
  const placeOrder = await readyToPlace(page, 20)
  await placeOrder.dblclick()

  await expect(page).toHaveURL(/\/order-confirmation$/)
  const number = await orderNumberOn(page)
  expect(number).toMatch(/^MRD-[0-9A-Z]{10}$/)
  expect((await ordersOf(request, 20, since)).map((order) => order.number)).toEqual([number])
  expect(await stockOf(request, 20)).toBe(before - 1)

  const mail = join(process.env.E2E_DATA_DIR ?? '', 'outbox', `order-${number}.eml`)
  await expect.poll(() => existsSync(mail)).toBe(true)
  const message = readFileSync(mail, 'utf8')
  expect(message).toContain(`To: ${SHIPPING_ADDRESS.email}`)
  expect(message).toContain(`Subject: Your Meridian order ${number}`)
})

test('an answer lost after the server stored the order: the same order is sent again, and kept once', async ({
  page,
  request,
}) => {
  const since = new Date()
  const placeOrder = await readyToPlace(page, 21)
  let cut = false
  await page.route('**/api/orders', async (route) => {
    if (cut) return route.fallback()
    cut = true
    // The server stores it; the connection drops before its answer reaches the phone.
    await route.fetch()
    await route.abort('connectionreset')
  })
  await placeOrder.click()

  await expect(page).toHaveURL(/\/order-confirmation$/)
  const number = await orderNumberOn(page)
  expect((await ordersOf(request, 21, since)).map((order) => order.number)).toEqual([number])
})

test('offline, the order waits on the phone and says so; it goes once the connection is back', async ({
  page,
  context,
  request,
}) => {
  const since = new Date()
  const placeOrder = await readyToPlace(page, 23)
  await context.setOffline(true)
  await placeOrder.click()

  const review = page.getByRole('region', { name: 'Order Review' })
  await expect(review.getByRole('status')).toHaveText(
    "We'll send your order when you're back online",
  )
  expect(await ordersOf(request, 23, since)).toEqual([])

  await context.setOffline(false)
  await expect(page).toHaveURL(/\/order-confirmation$/)
  expect(await ordersOf(request, 23, since)).toHaveLength(1)
})

test('a reload while the order is on its way sends it once, as the checkout opens again', async ({
  page,
  request,
}) => {
  const since = new Date()
  const placeOrder = await readyToPlace(page, 28)
  // The server stores the order, but its answer never comes: the shopper reloads.
  let answered = false
  await page.route('**/api/orders', async (route) => {
    if (answered) return route.fallback()
    answered = true
    await route.fetch()
    // Held for good: the reload leaves it behind.
    await new Promise(() => undefined)
  })
  await placeOrder.click()
  await expect(page.getByRole('region', { name: 'Order Review' }).getByRole('status')).toHaveText(
    'Placing your order…',
  )
  await expect.poll(async () => (await ordersOf(request, 28, since)).length).toBe(1)
  await page.reload()

  await expect(page).toHaveURL(/\/order-confirmation$/)
  expect(await ordersOf(request, 28, since)).toHaveLength(1)
})

test('the last units sold elsewhere: the checkout names the line, takes nothing, and the product shows sold out', async ({
  page,
  context,
  request,
}) => {
  const since = new Date()
  const id = 30
  const placeOrder = await readyToPlace(page, id)
  const title =
    (await page
      .getByRole('region', { name: 'Order Review' })
      .getByRole('listitem')
      .first()
      .textContent()) ?? ''
  // Another shopper buys every unit while this one pays.
  const rest = await stockOf(request, id)
  const other = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': newOrderKey() },
    data: { ...orderBody(id, rest), email: 'other@example.com' },
  })
  expect(other.status(), await other.text()).toBe(201)
  // This phone read the stock a moment before: only the server's own check can stop the order.
  // (The context's route also sees what the service worker asks of the network.)
  await context.route(
    (url) => url.pathname === `/api/products/${id}`,
    async (route) => {
      const response = await route.fetch()
      const json = (await response.json()) as Record<string, unknown>
      await route.fulfill({ response, json: { ...json, stock: 5, availabilityStatus: 'In Stock' } })
    },
  )
  await placeOrder.click()
  const review = page.getByRole('region', { name: 'Order Review' })
  await expect(review.getByRole('status')).toContainText(
    `Not enough stock for ${title.split(' × ')[0]}, so nothing was ordered`,
  )
  await expect(page).toHaveURL(/\/checkout$/)
  expect((await ordersOf(request, id, since)).map((order) => order.email)).toEqual([
    'other@example.com',
  ])

  // The product's own page, as any shopper now opens it, shows it sold out: the server's caches
  // forgot the page and the answer that had stock. (This phone's own caches hold the answer the
  // test made up above.)
  expect(await stockOf(request, id)).toBe(0)
  const html = await (await request.get(`/product/${id}`)).text()
  expect(html).toContain('Out of Stock')
  // The refused order's answer has the page ask the product again past every cache: a read that
  // may still be in the route above as the test ends.
  await context.unrouteAll({ behavior: 'ignoreErrors' })
})

test('an order past what one shopper may order in an hour is refused in words, and the cart is kept', async ({
  page,
  context,
  request,
}) => {
  // A shopper of an address of its own (the suite's server trusts only this machine), which has
  // already ordered the 100 units an hour one address may take.
  const address = ownAddress()
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': address })
  const earlier = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': newOrderKey(), 'X-Forwarded-For': address },
    data: { ...orderBody(31, 100), email: `${address}@example.com` },
  })
  expect(earlier.status(), await earlier.text()).toBe(201)

  const id = 56
  const since = new Date()
  const before = await stockOf(request, id)
  const placeOrder = await readyToPlace(page, id)
  await placeOrder.click()
  const review = page.getByRole('region', { name: 'Order Review' })
  await expect(review.getByRole('status')).toContainText(
    'Your order could not be placed: We take at most 100 items an hour from one shopper, and this order would go past that. Your cart is kept: please try again in',
  )
  await expect(page).toHaveURL(/\/checkout$/)
  expect(await stockOf(request, id)).toBe(before)
  expect(await ordersOf(request, id, since)).toEqual([])
  await page.goto('/cart')
  await expect(page.getByRole('heading', { name: /Cart \(1\)/ })).toBeVisible()
})

test("the operator's list and stock answer only the operator's token", async ({ request }) => {
  const list = '/api/admin/orders?limit=5'
  expect((await request.get(list)).status()).toBe(401)
  expect(
    (await request.get(list, { headers: { Authorization: 'Bearer wrong-token-123456' } })).status(),
  ).toBe(401)
  const listed = await request.get(list, { headers: admin })
  expect(listed.status()).toBe(200)
  const csv = await request.get(`${list}&format=csv`, { headers: admin })
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/)
  expect((await csv.text()).split('\n')[0]).toMatch(/^\uFEFF?Order number,Date,Status,/)

  const change = [{ productId: 33, stock: 60 }]
  expect((await request.put('/api/admin/stock', { data: change })).status()).toBe(401)
  const before = await stockOf(request, 33)
  const set = await request.put('/api/admin/stock', { headers: admin, data: change })
  expect(set.status()).toBe(200)
  expect(await set.json()).toEqual([{ productId: 33, before, stock: 60 }])
  // Every answer shows it at once: the server's caches forgot the product.
  expect(await stockOf(request, 33)).toBe(60)
})

test("a guest's order is found again from the link on its confirmation, by its number and email", async ({
  page,
}) => {
  const placeOrder = await readyToPlace(page, 34)
  await placeOrder.click()
  await expect(page).toHaveURL(/\/order-confirmation$/)
  const number = await orderNumberOn(page)

  // Another day, another browser: the confirmation's link carries the number.
  await page
    .getByRole('link', { name: /find an order/i })
    .first()
    .click()
  await expect(page).toHaveURL(new RegExp(`/orders/find\\?number=${number}$`))
  const form = page.getByRole('form', { name: 'Find an order' })
  await expect(form.getByLabel('Order Number')).toHaveValue(number)
  await form.getByLabel('Email').fill('someone.else@example.com')
  await form.getByRole('button', { name: 'Find Order' }).click()
  await expect(
    page.getByText('We could not find an order with that number and email.'),
  ).toBeVisible()

  await form.getByLabel('Email').fill(SHIPPING_ADDRESS.email.toUpperCase())
  await form.getByRole('button', { name: 'Find Order' }).click()
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible()
})

test("a signed-in shopper's order shows in My Purchases on their other device", async ({
  browser,
  baseURL,
}) => {
  const phone = await browser.newContext({ baseURL })
  const laptop = await browser.newContext({ baseURL })
  try {
    const onPhone = await phone.newPage()
    await signIn(onPhone)
    const placeOrder = await readyToPlace(onPhone, 35)
    await placeOrder.click()
    await expect(onPhone).toHaveURL(/\/order-confirmation$/)
    const number = await orderNumberOn(onPhone)

    const onLaptop = await laptop.newPage()
    await signIn(onLaptop)
    await onLaptop.goto('/orders')
    await expect(onLaptop.getByRole('heading', { name: `Order ${number}` })).toBeVisible()
    // The laptop placed nothing itself: the order came from the server.
    expect(await onLaptop.evaluate(() => localStorage.getItem('orderHistory'))).toBeNull()
  } finally {
    await phone.close()
    await laptop.close()
  }
})

for (const [width, [shippedId, cancelledId]] of [
  [390, [37, 39]],
  [1280, [56, 57]],
] as const) {
  test(`a guest follows their orders at ${width} px: a shipped one's tracking, a placed one cancelled`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const place = async (id: number, quantity: number) => {
      const res = await request.post('/api/orders', {
        headers: { 'Idempotency-Key': newOrderKey() },
        data: orderBody(id, quantity),
      })
      expect(res.status()).toBe(201)
      return ((await res.json()) as { number: string }).number
    }
    const shipped = await place(shippedId, 1)
    const shipping = await request.post(`/api/admin/orders/${shipped}/ship`, {
      headers: admin,
      data: {
        carrier: 'Blue Dart',
        trackingNumber: 'BD123',
        trackingUrl: 'https://track.example/BD123',
      },
    })
    expect(shipping.status()).toBe(200)
    const before = await stockOf(request, cancelledId)
    const placed = await place(cancelledId, 2)

    const find = async (number: string) => {
      await page.goto(`/orders/find?number=${number}`)
      const form = page.getByRole('form', { name: 'Find an order' })
      await form.getByLabel('Email').fill(SHIPPING_ADDRESS.email)
      await form.getByRole('button', { name: 'Find Order' }).click()
      const card = page.getByRole('article', { name: `Order ${number}` })
      await expect(card).toBeVisible()
      return card
    }

    const sent = await find(shipped)
    await expect(sent.getByText('Status:')).toHaveText('Status: Shipped')
    await expect(sent.getByText(/Sent with Blue Dart/)).toHaveText(
      'Sent with Blue Dart. Tracking number: BD123. Track your parcel',
    )
    await expect(sent.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
      'href',
      'https://track.example/BD123',
    )
    await expect(sent.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0)

    const card = await find(placed)
    await expect(card.getByText('Status:')).toHaveText('Status: Placed')
    const cancel = card.getByRole('button', { name: 'Cancel Order' })
    await cancel.scrollIntoViewIfNeeded()
    await cancel.click()
    const yes = card.getByRole('button', { name: 'Yes, Cancel Order' })
    await expect(yes).toBeFocused()
    await expect(yes).toBeInViewport()
    // The order's status and the question pass axe's checks in both themes.
    for (const theme of ['light', 'dark'] as const) {
      await useSystemTheme(page, theme)
      const scan = await new AxeBuilder({ page })
        .include('main')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze()
      expect(scan.violations.map((violation) => violation.id)).toEqual([])
    }
    await yes.click()
    await expect(card.getByRole('status')).toHaveText(
      `Order ${placed} is cancelled. We have sent you an email to say so.`,
    )
    await expect(card.getByText('Status:')).toHaveText('Status: Cancelled')
    // Its units are on sale again.
    expect(await stockOf(request, cancelledId)).toBe(before)
  })
}
