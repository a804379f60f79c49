import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { apiServer, testApi, TEST_ADMIN_TOKEN } from '../../../test/api-server.ts'
import { renderApp } from '../../../test/render-app.tsx'
import {
  freezeToday,
  payByCard,
  reviewStep,
  saveAddress,
  seedCart,
  storedJson,
} from '../../../test/checkout.ts'
import type { Order } from '../../../domain/orders/order.schemas.ts'
import { formatPrice } from '../../../../shared/pricing/pricing.ts'

// Place Order with our server (decisions.md § Orders): one order per intent, whatever the network does.

freezeToday()

interface ServerOrders {
  orders: { number: string; total: number; lines: { productId: number; quantity: number }[] }[]
  total: number
}

/** Every order the server holds (the operator's view). */
async function serverOrders(): Promise<ServerOrders> {
  const res = await testApi().call('/api/admin/orders', { token: TEST_ADMIN_TOKEN })
  return (await res.json()) as ServerOrders
}

async function setStock(productId: number, stock: number) {
  const res = await testApi().call('/api/admin/stock', {
    method: 'PUT',
    token: TEST_ADMIN_TOKEN,
    body: [{ productId, stock }],
  })
  expect(res.status).toBe(200)
}

const stockOf = async (id: number) =>
  ((await (await testApi().call(`/api/products/${id}`)).json()) as { stock: number }).stock

/** Every POST to /api/orders, with its key, as the server received it. */
function watchOrderPosts() {
  const keys: string[] = []
  apiServer.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/orders')
      keys.push(request.headers.get('Idempotency-Key') ?? '')
  })
  return keys
}

async function readyToPlace() {
  const lines = await seedCart([1, 2], [7, 1])
  saveAddress()
  const rendered = await renderApp('/checkout')
  await payByCard(rendered.user)
  return {
    ...rendered,
    lines,
    placeOrder: () => within(reviewStep()).getByRole('button', { name: 'Place Order' }),
  }
}

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
  dispatchEvent(new Event(online ? 'online' : 'offline'))
}

afterEach(() => {
  setOnline(true)
  apiServer.events.removeAllListeners()
})

describe('Place Order with the server (docs/api.md § Orders)', () => {
  it('places one order for a double tap, with the server’s number, and takes its stock once', async () => {
    const before = await stockOf(7)
    const { user, router, placeOrder } = await readyToPlace()
    const keys = watchOrderPosts()
    await user.dblClick(placeOrder())

    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'))
    const { orders, total } = await serverOrders()
    expect(total).toBe(1)
    const placed = storedJson('orderDetails') as Order
    expect(placed.orderNumber).toBe(orders[0]?.number)
    expect(await screen.findByText(placed.orderNumber)).toBeInTheDocument()
    expect(await stockOf(7)).toBe(before - 1)
    expect(new Set(keys).size).toBe(1)
    expect(localStorage.getItem('pendingOrder')).toBeNull()
  })

  it('sends the same order again when the answer is lost after the server stored it: one order', async () => {
    const { user, router, placeOrder } = await readyToPlace()
    let lost = 0
    apiServer.use(
      http.post('*/api/orders', async ({ request }) => {
        if (lost > 0) return undefined
        lost++
        // The server stores it; the connection drops before the answer arrives.
        await testApi().fetch(request)
        return HttpResponse.error()
      }),
    )
    const keys = watchOrderPosts()
    await user.click(placeOrder())

    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'))
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBe(keys[1])
    expect((await serverOrders()).total).toBe(1)
  })

  it('offline, keeps the order on the device and says so, then sends it once the connection returns', async () => {
    const { user, router, placeOrder } = await readyToPlace()
    setOnline(false)
    apiServer.use(
      http.post('*/api/orders', () => (navigator.onLine ? undefined : HttpResponse.error())),
    )
    await user.click(placeOrder())

    expect(
      await within(reviewStep()).findByText("We'll send your order when you're back online"),
    ).toBeInTheDocument()
    expect(localStorage.getItem('pendingOrder')).not.toBeNull()
    expect((await serverOrders()).total).toBe(0)

    setOnline(true)
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'))
    expect((await serverOrders()).total).toBe(1)
    expect(localStorage.getItem('pendingOrder')).toBeNull()
  })

  it('names the line the stock ran out for, takes nothing, and keeps the cart', async () => {
    const { user, router, placeOrder } = await readyToPlace()
    // Another shopper bought the last of product 7 while this one was paying.
    await setStock(7, 0)
    // The check before the order read a cached answer: the server's own check is the one that counts.
    apiServer.use(
      http.get('*/api/products/7', async () => {
        const answer = (await (await testApi().call('/api/products/7')).json()) as object
        return HttpResponse.json({ ...answer, stock: 5, availabilityStatus: 'In Stock' })
      }),
    )
    await user.click(placeOrder())

    expect(await within(reviewStep()).findByText(/^Not enough stock for/)).toHaveTextContent(
      /Not enough stock for .+, so nothing was ordered/,
    )
    expect(router.state.location.pathname).toBe('/checkout')
    expect((await serverOrders()).total).toBe(0)
    expect(await stockOf(1)).toBeGreaterThan(0)
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(2)
    expect(localStorage.getItem('pendingOrder')).toBeNull()
  })

  it('shows a total that changed and places the order only when the shopper places it again', async () => {
    const { user, router, placeOrder } = await readyToPlace()
    const sent: unknown[] = []
    apiServer.use(
      http.post('*/api/orders', async ({ request }) => {
        const body = (await request.clone().json()) as { expectedTotal: number }
        sent.push(body.expectedTotal)
        // The first time, the shop's prices had changed: the total is now 100.00.
        if (sent.length === 1)
          return HttpResponse.json({ message: 'changed', total: 100 }, { status: 409 })
        // Accepted: the server prices it as it does any order.
        const rest: Partial<typeof body> = { ...body }
        delete rest.expectedTotal
        return testApi().fetch(
          new Request(request.url, {
            method: 'POST',
            headers: request.headers,
            body: JSON.stringify(rest),
          }),
        )
      }),
    )
    await user.click(placeOrder())
    const review = within(reviewStep())
    expect(await review.findByText(/The total has changed since you saw it/)).toHaveTextContent(
      formatPrice(100),
    )
    expect((await serverOrders()).total).toBe(0)

    await user.click(placeOrder())
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'))
    expect(sent[1]).toBe(100)
    expect((await serverOrders()).total).toBe(1)
  })

  it('sends an order that was on its way when the page reloaded, once', async () => {
    const { unmount, user, placeOrder } = await readyToPlace()
    apiServer.use(http.post('*/api/orders', () => HttpResponse.error()))
    setOnline(false)
    await user.click(placeOrder())
    await within(reviewStep()).findByText("We'll send your order when you're back online")
    const pending = localStorage.getItem('pendingOrder')
    unmount()

    // The next visit: online again, the order goes as the app starts.
    apiServer.resetHandlers()
    setOnline(true)
    const { router } = await renderApp('/checkout')
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'))
    const { orders } = await serverOrders()
    expect(orders).toHaveLength(1)
    expect(pending).toContain('"key"')
  })

  it('sends an order left waiting when the shopper next opens any page, and says it was placed', async () => {
    const { unmount, user, placeOrder } = await readyToPlace()
    apiServer.use(http.post('*/api/orders', () => HttpResponse.error()))
    setOnline(false)
    await user.click(placeOrder())
    await within(reviewStep()).findByText("We'll send your order when you're back online")
    unmount()

    apiServer.resetHandlers()
    setOnline(true)
    await renderApp('/')
    expect(await screen.findByText(/^Your order MRD-[0-9A-Z]{10} has been placed\.$/)).toBeVisible()
    expect((await serverOrders()).total).toBe(1)
    expect(localStorage.getItem('pendingOrder')).toBeNull()
    // Its lines left the cart.
    expect(localStorage.getItem('cart')).toBeNull()
  })
})
