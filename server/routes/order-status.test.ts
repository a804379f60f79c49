import { beforeEach, describe, expect, it } from 'vitest'
import {
  capturedLogs,
  createTestApi,
  login,
  type CallInit,
  type TestApi,
} from '../../testing/test-api.ts'
import { SHIPPING_ADDRESS } from '../../testing/shopper.ts'
import type { OutboxMessage } from '../mail/outbox.ts'
import { createMetrics } from '../observability/metrics.ts'

const ADMIN_TOKEN = 'admin-token-for-the-status-tests'

let api: TestApi
let logs: ReturnType<typeof capturedLogs>
let metrics: ReturnType<typeof createMetrics>
beforeEach(async () => {
  logs = capturedLogs()
  metrics = createMetrics({ processMetrics: false })
  api = await createTestApi(undefined, { logger: logs.logger, metrics, adminToken: ADMIN_TOKEN })
})

let keys = 0
type Order = Record<string, unknown> & { number: string; status: string }

/** A guest's order of `quantity` of product 1, placed; a shopper's with their token. */
async function placed(quantity = 2, token?: string): Promise<Order> {
  const res = await api.call('/api/orders', {
    token,
    body: {
      lines: [{ productId: 1, quantity }],
      email: 'Asha@Example.com',
      address: SHIPPING_ADDRESS,
      payment: { method: 'card', cardLast4: '4242' },
    },
    headers: { 'Idempotency-Key': `status-test-${++keys}` },
  })
  expect(res.status).toBe(201)
  return (await res.json()) as Order
}

const admin = (path: string, init: CallInit = {}) =>
  api.call(`/api/admin${path}`, { token: ADMIN_TOKEN, method: 'POST', ...init })
const read = async (res: Response) => ({ status: res.status, body: (await res.json()) as Order })
const stockOf = async (id: number) =>
  ((await (await api.call(`/api/products/${id}`)).json()) as { stock: number }).stock

/** The mail in the outbox not sent yet, by id. */
async function queued(): Promise<Map<string, OutboxMessage>> {
  const claimed = await api.storage.outbox.claim(api.clock.now() + 60_000, 1000, 100)
  return new Map(claimed.map((message) => [message.id, message as OutboxMessage]))
}

describe('an order’s status, changed by the operator (api.md § Operator)', () => {
  it('ships an order once, with its tracking and its mail; then delivers it', async () => {
    const order = await placed()
    api.clock.advance(60_000)
    const tracking = {
      carrier: 'Blue Dart',
      trackingNumber: 'BD123456789IN',
      trackingUrl: 'https://track.example/BD123456789IN',
    }
    const shipped = await read(await admin(`/orders/${order.number}/ship`, { body: tracking }))
    expect(shipped.status).toBe(200)
    expect(shipped.body).toMatchObject({
      number: order.number,
      status: 'shipped',
      shippedAt: new Date(api.clock.now()).toISOString(),
      tracking: {
        carrier: 'Blue Dart',
        number: 'BD123456789IN',
        url: 'https://track.example/BD123456789IN',
      },
      history: [
        { status: 'placed', at: order.createdAt, by: 'shopper (guest)' },
        { status: 'shipped', at: new Date(api.clock.now()).toISOString(), by: 'ADMIN_TOKEN' },
      ],
    })

    // Again (a double click, a second operator): 200 unchanged, and no second mail.
    api.clock.advance(60_000)
    const again = await read(
      await admin(`/orders/${order.number}/ship`, { body: { carrier: 'Other' } }),
    )
    expect(again).toEqual({ status: 200, body: shipped.body })
    const mails = await queued()
    expect([...mails.keys()].sort()).toEqual([
      `order-${order.number}`,
      `order-${order.number}-shipped`,
    ])
    const mail = mails.get(`order-${order.number}-shipped`)!
    expect(mail).toMatchObject({
      to: 'asha@example.com',
      subject: `Your order ${order.number} has shipped`,
    })
    expect(mail.text).toContain('It is on its way with Blue Dart, tracking number BD123456789IN.')
    expect(mail.html).toContain('<a href="https://track.example/BD123456789IN">Track it</a>')

    // Shipped: it cannot be cancelled; it can be delivered, once.
    const cancel = await admin(`/orders/${order.number}/cancel`)
    expect(cancel.status).toBe(409)
    expect(await cancel.json()).toEqual({
      message: `Order ${order.number} is shipped: it cannot be changed so now`,
    })
    const delivered = await read(await admin(`/orders/${order.number}/deliver`))
    expect(delivered.body).toMatchObject({ status: 'delivered' })
    expect((await read(await admin(`/orders/${order.number}/deliver`))).body).toEqual(
      delivered.body,
    )
    const history = (await read(await admin(`/orders/${order.number}`, { method: 'GET' }))).body
      .history as { status: string }[]
    expect(history.map((entry) => entry.status)).toEqual(['placed', 'shipped', 'delivered'])
  })

  it('cancels a placed order once: its units back in stock, its mail with the reason', async () => {
    const before = await stockOf(1)
    const order = await placed(3)
    expect(await stockOf(1)).toBe(before - 3)
    const body = { reason: 'Ordered twice by mistake' }
    const cancelled = await read(await admin(`/orders/${order.number}/cancel`, { body }))
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Ordered twice by mistake',
    })
    expect(await stockOf(1)).toBe(before)
    const again = await read(await admin(`/orders/${order.number}/cancel`, { body }))
    expect(again).toEqual({ status: 200, body: cancelled.body })
    expect(await stockOf(1)).toBe(before)
    const mail = (await queued()).get(`order-${order.number}-cancelled`)
    expect(mail?.subject).toBe(`Your order ${order.number} was cancelled`)
    expect(mail?.text).toContain('Reason: Ordered twice by mistake')
    // Cancelled: it can be neither shipped nor delivered.
    expect((await admin(`/orders/${order.number}/ship`)).status).toBe(409)
    expect((await admin(`/orders/${order.number}/deliver`)).status).toBe(409)
    expect(cancelled.body.history).toEqual([
      expect.objectContaining({ status: 'placed' }),
      expect.objectContaining({ status: 'cancelled', by: 'ADMIN_TOKEN', note: body.reason }),
    ])
  })

  it('delivers only what was shipped, and answers 404 for an order it does not have', async () => {
    const order = await placed()
    expect((await admin(`/orders/${order.number}/deliver`)).status).toBe(409)
    const missing = await admin('/orders/MRD-0000000000/ship')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ message: 'No order MRD-0000000000' })
    expect((await admin('/orders/MRD-0000000000', { method: 'GET' })).status).toBe(404)
  })

  it('refuses a tracking link that is not http(s), control characters and malformed JSON, changing nothing', async () => {
    const order = await placed()
    for (const body of [
      { trackingUrl: 'javascript:alert(1)' },
      { carrier: 'Blue\nDart' },
      { trackingNumber: 42 },
      { carrier: 'x'.repeat(81) },
    ]) {
      const res = await admin(`/orders/${order.number}/ship`, { body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await res.json()).toEqual({
        message:
          'Invalid body: expected { carrier?, trackingNumber?, trackingUrl? }: plain text, the link http(s)',
      })
    }
    const malformed = await admin(`/orders/${order.number}/cancel`, { body: '{not json' })
    expect(malformed.status).toBe(400)
    expect(
      (await admin(`/orders/${order.number}/cancel`, { body: { reason: 'a\u202Eb' } })).status,
    ).toBe(400)
    const found = await read(await admin(`/orders/${order.number}`, { method: 'GET' }))
    expect(found.body.status).toBe('placed')
  })

  it('answers no one without the operator’s token', async () => {
    const order = await placed()
    const res = await api.call(`/api/admin/orders/${order.number}/cancel`, { method: 'POST' })
    expect(res.status).toBe(401)
    expect(
      (await read(await admin(`/orders/${order.number}`, { method: 'GET' }))).body.status,
    ).toBe('placed')
  })

  it('counts each change by status, and logs its number and who, never the shopper', async () => {
    const order = await placed()
    await admin(`/orders/${order.number}/ship`)
    await admin(`/orders/${order.number}/ship`)
    await admin(`/orders/${order.number}/deliver`)
    metrics.watchOutbox(() => api.storage.outbox.pendingByKind())
    const text = await metrics.registry.metrics()
    expect(text).toContain('outbox_pending 2')
    expect(text).toContain('outbox_pending_by_kind{kind="confirmation"} 1')
    expect(text).toContain('outbox_pending_by_kind{kind="shipped"} 1')
    expect(text).toContain('outbox_pending_by_kind{kind="cancelled"} 0')
    expect(text).toContain('order_status_changes_total{to="shipped"} 1')
    expect(text).toContain('order_status_changes_total{to="delivered"} 1')
    const lines = logs.lines.filter((line) => line.msg === 'order status changed')
    expect(lines).toEqual([
      expect.objectContaining({ order: order.number, status: 'shipped', by: 'ADMIN_TOKEN' }),
      expect.objectContaining({ order: order.number, status: 'delivered', by: 'ADMIN_TOKEN' }),
    ])
    expect(JSON.stringify(lines)).not.toMatch(/asha|Verma|Bengaluru/i)
  })
})

describe('a shopper cancels their own order while it is placed (api.md § Orders)', () => {
  const cancel = (number: string, init: CallInit = {}) =>
    api.call(`/api/orders/${number}/cancel`, { method: 'POST', ...init })

  it('a guest, with the order’s email: its units back, its mail, and once', async () => {
    const before = await stockOf(1)
    const order = await placed(2)
    const res = await read(await cancel(order.number, { body: { email: 'ASHA@example.com ' } }))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ number: order.number, status: 'cancelled' })
    expect(res.body).not.toHaveProperty('history')
    expect(await stockOf(1)).toBe(before)
    expect((await cancel(order.number, { body: { email: 'asha@example.com' } })).status).toBe(200)
    expect(await stockOf(1)).toBe(before)
    const mail = (await queued()).get(`order-${order.number}-cancelled`)
    expect(mail?.text).not.toContain('Reason:')
    const history = (await read(await admin(`/orders/${order.number}`, { method: 'GET' }))).body
      .history as { status: string; by: string }[]
    expect(history.at(-1)).toMatchObject({ status: 'cancelled', by: 'shopper (guest)' })
  })

  it('a guest with another email, or none, cancels nothing and learns nothing', async () => {
    const order = await placed()
    const wrong = await cancel(order.number, { body: { email: 'someone@example.com' } })
    expect(wrong.status).toBe(404)
    expect(await wrong.json()).toEqual({ message: 'Order not found' })
    const none = await cancel(order.number)
    expect(none.status).toBe(400)
    expect(await none.json()).toEqual({
      message: "Invalid body: expected { email }, the order's email, or sign in",
    })
    expect((await cancel('MRD-0000000000', { body: { email: 'asha@example.com' } })).status).toBe(
      404,
    )
    const found = await read(await admin(`/orders/${order.number}`, { method: 'GET' }))
    expect(found.body.status).toBe('placed')
  })

  it('a guest’s wrong guesses count as failed lookups', async () => {
    const order = await placed()
    let res: Response | undefined
    for (let i = 0; i < 25 && res?.status !== 429; i++)
      res = await cancel(order.number, { body: { email: `guess${i}@example.com` } })
    expect(res?.status).toBe(429)
    expect(res?.headers.get('Retry-After')).toBeTruthy()
    // The right email too waits now: guesses cannot go on beside it.
    expect((await cancel(order.number, { body: { email: 'asha@example.com' } })).status).toBe(429)
  })

  it('signed in, their own order only; a shipped one no longer', async () => {
    const { accessToken } = await login(api)
    const own = await placed(1, accessToken)
    const guests = await placed(1)
    expect((await cancel(guests.number, { token: accessToken })).status).toBe(404)
    const res = await read(await cancel(own.number, { token: accessToken }))
    expect(res.body).toMatchObject({ status: 'cancelled' })

    const shipped = await placed(1, accessToken)
    await admin(`/orders/${shipped.number}/ship`)
    const late = await cancel(shipped.number, { token: accessToken })
    expect(late.status).toBe(409)
    expect(await late.json()).toEqual({
      message: 'This order is shipped and can no longer be cancelled',
    })
  })
})
