/**
 * Orders over HTTP, as the storefront and the operator send them, against a server in a process
 * of its own (testing/server-process.ts): for the tests of orders across processes and replicas,
 * and `npm run bench:orders`.
 */
import { SHIPPING_ADDRESS } from './shopper.ts'

/** The domain of the MAIL_FROM the tests give the server, which its Message-IDs carry. */
export const MAIL_DOMAIN = 'shop.test'
export const MAIL_FROM = `Meridian <orders@${MAIL_DOMAIN}>`

/** The Message-ID of an order's confirmation (one per order, whatever the tries). */
export const confirmationId = (number: string) => `<order-${number}@${MAIL_DOMAIN}>`

let keys = 0
/** A new Idempotency-Key: one per order meant. */
export const newOrderKey = () => `order-${process.pid}-${Date.now().toString(36)}-${++keys}`

/** An order of `quantity` of a product sold without options, as the checkout sends it. */
export const orderBody = (productId: number, quantity = 1) => ({
  lines: [{ productId, quantity }],
  email: 'asha@example.com',
  address: SHIPPING_ADDRESS,
  payment: { method: 'card', cardLast4: '4242' },
})

/** POST /api/orders with a key of its own (or the one given). */
export const placeOrder = (
  base: string,
  body: unknown,
  { key = newOrderKey(), headers = {} }: { key?: string; headers?: Record<string, string> } = {},
) =>
  fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, ...headers },
    body: JSON.stringify(body),
  })

/** An order as the API answers it (the fields the tests read). */
export interface PlacedOrder {
  number: string
  createdAt: string
  lines: { productId: number; sku?: string; quantity: number }[]
  total: number
}

/** PUT /api/admin/stock: sets a product's level (sold without options). */
export async function setStock(base: string, token: string, productId: number, stock: number) {
  const res = await fetch(`${base}/api/admin/stock`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify([{ productId, stock }]),
  })
  if (res.status !== 200) throw new Error(`stock not set: ${res.status} ${await res.text()}`)
}

/** GET /api/admin/orders: every order placed at `since` or later, newest first (one page of all). */
export async function adminOrders(base: string, token: string, since: Date) {
  const res = await fetch(`${base}/api/admin/orders?since=${since.toISOString()}&limit=0`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  if (res.status !== 200) throw new Error(`orders not listed: ${res.status} ${await res.text()}`)
  const { orders, total } = (await res.json()) as { orders: PlacedOrder[]; total: number }
  if (orders.length !== total) throw new Error(`${orders.length} orders listed of ${total}`)
  return orders
}

/** A product's answer as a shopper gets it (a replica's kept answer, when it has one). */
export async function productOf(base: string, id: number) {
  const res = await fetch(`${base}/api/products/${id}`)
  return (await res.json()) as { id: number; stock: number; availabilityStatus: string }
}
