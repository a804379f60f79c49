/**
 * Orders over HTTP, as the storefront and the operator send them, against a server in a process
 * of its own (testing/server-process.ts): for the tests of orders across processes and replicas,
 * and `npm run bench:orders`.
 */
import { requestFrom } from './from-address.ts'
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

/** POST /api/orders from `from` (a loopback address: testing/from-address.ts), with a key of its own. */
export const orderFrom = (from: string, url: string, body: unknown, token?: string) =>
  requestFrom(from, `${url}/api/orders`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key': `clients-${from}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      ...(token && { Authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  })

/** Every unit the shop has, as its listing shows them. */
export async function unitsInShop(url: string): Promise<number> {
  const res = await requestFrom('127.0.0.1', `${url}/api/products?limit=0&select=stock`)
  const { products } = JSON.parse(res.text) as { products: { stock: number }[] }
  return products.reduce((sum, product) => sum + product.stock, 0)
}

/** The products sold without options, one at a time, with their stock (the drain's targets). */
export async function plainProducts(url: string) {
  const res = await requestFrom('127.0.0.1', `${url}/api/products?limit=0`)
  const { products } = JSON.parse(res.text) as {
    products: {
      id: number
      stock: number
      price: number
      options?: unknown
      minimumOrderQuantity: number
    }[]
  }
  return products.filter(
    (p) => !p.options && p.minimumOrderQuantity === 1 && p.price > 0 && p.stock > 0,
  )
}

/**
 * What an attacker tries from one address (the review's denial of inventory): 20 orders of 50
 * lines, each asking for a product's whole stock and, when a 409 names what is left, asking again
 * for exactly that; then orders at what a bound would allow, in one and in small ones, of the
 * product `offset` names (ten attackers aim at ten). Answers the units it took.
 */
export async function drainFrom(from: string, url: string, offset = 0): Promise<number> {
  const products = await plainProducts(url)
  let taken = 0
  const order = async (lines: { productId: number; quantity: number }[], email: string) => {
    for (let tries = 0; tries < 3 && lines.length > 0; tries++) {
      const res = await orderFrom(from, url, { ...orderBody(1), lines, email })
      if (res.status === 201) return lines.reduce((sum, line) => sum + line.quantity, 0)
      if (res.status !== 409) return 0
      const short = (JSON.parse(res.text) as { lines?: { productId: number; available: number }[] })
        .lines
      if (!short) return 0
      const left = new Map(short.map((line) => [line.productId, line.available]))
      lines = lines
        .map((line) => ({ ...line, quantity: left.get(line.productId) ?? line.quantity }))
        .filter((line) => line.quantity > 0)
    }
    return 0
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    const first = (attempt * 50) % products.length
    const lines = products
      .slice(first, first + 50)
      .map((p) => ({ productId: p.id, quantity: p.stock }))
    taken += await order(lines, `drain${attempt}-${from}@example.net`)
  }
  const target = products[(offset * 7) % products.length]
  for (const quantity of [100, 50, 25, 10, 5, 1, 1, 1])
    taken += await order(
      [{ productId: target?.id ?? 1, quantity }],
      `drain-${quantity}-${Math.random()}@example.net`,
    )
  return taken
}
