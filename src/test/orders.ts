import { expect } from 'vitest'
import type { Order } from '../domain/orders/order.schemas.ts'
import type { ServerOrder } from '../domain/orders/orders.api.ts'
import { cartTotal } from '../../shared/pricing/pricing.ts'
import { TEST_ADMIN_TOKEN, testApi } from './api-server.ts'
import { apiProduct, cartLineOf, TEST_ADDRESS } from './shop-fixtures.ts'

let keys = 0

/**
 * An order placed on the test API, as another device or a guest's browser places it (docs/api.md
 * § Orders): signed in with `token`, or as a guest.
 */
export async function placeOnServer({
  token,
  email = TEST_ADDRESS.email,
  lines = [{ productId: 1, quantity: 1 }],
}: {
  token?: string
  email?: string
  lines?: { productId: number; quantity: number }[]
} = {}): Promise<ServerOrder> {
  const res = await testApi().call('/api/orders', {
    headers: { 'Idempotency-Key': `test-order-${++keys}-${Date.now()}` },
    body: {
      lines,
      email,
      address: { ...TEST_ADDRESS, email },
      payment: { method: 'card', cardLast4: '4242' },
    },
    token,
  })
  expect(res.status).toBe(201)
  return (await res.json()) as ServerOrder
}

/** An order kept on this device only (another API's, or from before orders went to the server). */
export async function deviceOrder(
  orderNumber: string,
  date: string,
  items: [id: number, quantity: number][] = [[2, 1]],
): Promise<Order> {
  const cartData = await Promise.all(
    items.map(async ([id, quantity]) => cartLineOf(await apiProduct(id), quantity)),
  )
  const total = cartTotal(cartData)
  return {
    orderNumber,
    date,
    cartData,
    price: { items: total, promo: 0, shipping: 0, total },
    address: TEST_ADDRESS,
    payment: { method: 'paypal', billing: TEST_ADDRESS, giftCard: false },
  }
}

export const storeHistory = (orders: readonly Order[]) =>
  localStorage.setItem('orderHistory', JSON.stringify(orders))

/** The shop's operator changes an order's status (docs/api.md § Operator), as a component test's API has it. */
export async function changeOnServer(
  number: string,
  action: 'ship' | 'deliver' | 'cancel',
  body: Record<string, string> = {},
): Promise<ServerOrder> {
  const res = await testApi().call(`/api/admin/orders/${number}/${action}`, {
    method: 'POST',
    body,
    token: TEST_ADMIN_TOKEN,
  })
  expect(res.status).toBe(200)
  return (await res.json()) as ServerOrder
}
