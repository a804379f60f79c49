import { beforeEach, describe, expect, it } from 'vitest'
import {
  capturedLogs,
  createTestApi,
  login,
  type CallInit,
  type TestApi,
} from '../../testing/test-api.ts'
import { SHIPPING_ADDRESS } from '../../testing/shopper.ts'
import { DEFAULT_CLIENT_LIMITS } from '../limits/limit-settings.ts'
import { openUnsealed } from '../mail/sealed-mail.ts'

const LOOKUPS_PER_CLIENT = DEFAULT_CLIENT_LIMITS.orderLookupsPerAddress.limit

let api: TestApi
let logs: ReturnType<typeof capturedLogs>
beforeEach(async () => {
  logs = capturedLogs()
  api = await createTestApi(undefined, { logger: logs.logger, adminToken: ADMIN_TOKEN })
})

const ADMIN_TOKEN = 'admin-token-for-the-tests'
let keys = 0
const newKey = () => `test-key-${Date.now()}-${++keys}`

/** An order as the storefront sends it: prices it may send are ignored. */
const request = (overrides: Record<string, unknown> = {}) => ({
  lines: [{ productId: 1, quantity: 2, price: 0.01 }],
  email: 'Asha@Example.com',
  address: SHIPPING_ADDRESS,
  payment: { method: 'card', cardLast4: '4242' },
  ...overrides,
})

const place = (
  body: unknown,
  { key = newKey(), ...init }: CallInit & { key?: string | null } = {},
) =>
  api.call('/api/orders', {
    body,
    ...init,
    headers: { ...(key === null ? {} : { 'Idempotency-Key': key }), ...init.headers },
  })

const json = async (res: Response) => (await res.json()) as Record<string, unknown>
const stockOf = async (id: number) =>
  (await json(await api.call(`/api/products/${id}`))) as {
    stock: number
    availabilityStatus: string
    variants?: { sku: string; stock: number }[]
  }

describe('POST orders (api.md § Orders)', () => {
  it('prices the order from the catalogue, takes its stock, and answers it 201', async () => {
    const before = await stockOf(1)
    const res = await place(request({ promoCode: 'flat50' }))
    expect(res.status).toBe(201)
    const order = await json(res)
    expect(order).toMatchObject({
      status: 'placed',
      email: 'Asha@Example.com',
      address: SHIPPING_ADDRESS,
      payment: { method: 'card', cardLast4: '4242' },
      promoCode: 'FLAT50',
      lines: [
        {
          productId: 1,
          title: 'iPhone 15 Pro Max 256GB',
          quantity: 2,
          price: 1199,
          discountPercentage: 4.5,
          lineTotal: 2290.09,
        },
      ],
      subtotal: 2290.09,
      discount: 50,
      total: 2240.09,
    })
    expect(order.number).toMatch(/^MRD-[0-9A-HJKMNP-TV-Z]{10}$/)
    expect(order).not.toHaveProperty('userId')
    // The product's answer (kept before the order) shows the stock it took.
    expect((await stockOf(1)).stock).toBe(before.stock - 2)
  })

  it('prices a variant at its own price, names it, and takes its stock alone', async () => {
    const before = await stockOf(6)
    const res = await place(
      request({
        lines: [{ productId: 6, sku: 'SMA-SAM-006-256GB', quantity: 1 }],
        promoCode: 'any',
      }),
    )
    expect(res.status).toBe(201)
    expect(await json(res)).toMatchObject({
      lines: [
        { sku: 'SMA-SAM-006-256GB', label: 'Storage 256GB', price: 509.99, lineTotal: 429.67 },
      ],
      // Any other code takes the default 5 off (rules.md § Validation rules).
      discount: 5,
      total: 424.67,
    })
    const after = await stockOf(6)
    expect(after.stock).toBe(before.stock - 1)
    expect(after.variants?.find((v) => v.sku === 'SMA-SAM-006-256GB')?.stock).toBe(27)
    expect(after.variants?.find((v) => v.sku === 'SMA-SAM-006-128GB')?.stock).toBe(60)
  })

  it('places one order per Idempotency-Key: the same request again is that order, another is 422', async () => {
    const key = newKey()
    const first = await json(await place(request(), { key }))
    const again = await place(request(), { key })
    expect(again.status).toBe(200)
    expect(await json(again)).toEqual(first)
    const other = await place(request({ lines: [{ productId: 1, quantity: 3 }] }), { key })
    expect(other.status).toBe(422)
    expect((await stockOf(1)).stock).toBe(42 - 2)
    expect((await place(request(), { key: null })).status).toBe(400)
    expect((await place(request(), { key: 'short' })).status).toBe(400)
  })

  it('answers 409 with the new total when the total shown differs, and takes nothing', async () => {
    const res = await place(request({ expectedTotal: 2290.1 }))
    expect(res.status).toBe(409)
    expect(await json(res)).toMatchObject({ total: 2290.09 })
    expect((await stockOf(1)).stock).toBe(42)
    expect((await place(request({ expectedTotal: 2290.09 }))).status).toBe(201)
  })

  it('answers 409 naming each line short of stock, and takes nothing for any', async () => {
    const res = await place(
      request({
        lines: [
          { productId: 1, quantity: 1 },
          { productId: 3, quantity: 7 },
          { productId: 6, sku: 'SMA-SAM-006-256GB', quantity: 29 },
        ],
      }),
    )
    expect(res.status).toBe(409)
    expect(await json(res)).toMatchObject({
      lines: [
        { productId: 3, available: 6 },
        { productId: 6, sku: 'SMA-SAM-006-256GB', available: 28 },
      ],
    })
    expect((await stockOf(1)).stock).toBe(42)
  })

  it.each([
    [{ lines: [{ productId: 9999, quantity: 1 }] }, "Invalid 'lines.0.productId': no product 9999"],
    [
      { lines: [{ productId: 6, quantity: 1 }] },
      "Invalid 'lines.0.sku': product 6 is sold in options: name one",
    ],
    [
      { lines: [{ productId: 40, quantity: 1 }] },
      "Invalid 'lines.0.quantity': product 40 is sold 2 at least",
    ],
    [{ lines: [{ productId: 1, quantity: 0 }] }, "Invalid 'quantity': at least 1"],
    [
      { lines: Array.from({ length: 51 }, (_, i) => ({ productId: i + 1, quantity: 1 })) },
      "Invalid 'lines': at most 50 lines an order",
    ],
    [
      { address: { ...SHIPPING_ADDRESS, code: '012345' } },
      "Invalid 'address.code': Pincode is not valid",
    ],
    [
      { address: { ...SHIPPING_ADDRESS, state: 'Atlantis' } },
      "Invalid 'address.state': Please select an item in the list",
    ],
    [{ email: 'not an email' }, "Invalid 'email': not an email address"],
    [
      { payment: { method: 'cash' } },
      "Invalid 'payment.method': card, gift-card+card, paypal, paylater or applepay",
    ],
  ])('answers 400 naming the field for %j', async (overrides, message) => {
    const res = await place(request(overrides))
    expect(res.status).toBe(400)
    expect(await json(res)).toMatchObject({ message })
  })

  it('keeps a signed-in shopper’s orders for them alone, newest first', async () => {
    const { accessToken, id } = await login(api)
    const first = await json(await place(request(), { token: accessToken }))
    api.clock.advance(1000)
    const second = await json(
      await place(request({ lines: [{ productId: 2, quantity: 1 }] }), { token: accessToken }),
    )
    await place(request())
    expect(first).toMatchObject({ userId: id })
    const list = await api.call('/api/orders', { token: accessToken })
    expect(await json(list)).toMatchObject({
      orders: [{ number: second.number }, { number: first.number }],
      total: 2,
    })
    expect((await api.call('/api/orders')).status).toBe(401)
    expect((await place(request(), { token: 'not-a-token' })).status).toBe(401)
  })

  it('queues the confirmation with the order: its number, lines, total and address, no card data', async () => {
    const order = await json(await place(request()))
    const [claimed] = await api.storage.outbox.claim(Date.now() + 1000, 1000, 10)
    // An order's confirmation carries no secret: it is queued as it is sent, not sealed.
    const mail = openUnsealed(claimed!)
    expect(mail).toMatchObject({
      to: 'Asha@Example.com',
      subject: `Your Meridian order ${String(order.number)}`,
    })
    for (const text of [mail.text, mail.html]) {
      expect(text).toContain(String(order.number))
      expect(text).toContain('iPhone 15 Pro Max 256GB')
      expect(text).toContain('$2,290.09')
      expect(text).toContain('12 MG Road')
      expect(text).not.toContain('4242')
    }
  })

  it('logs each order with its number and the request’s id, never the email or card', async () => {
    const order = await json(await place(request()))
    const line = logs.lines.find((entry) => entry.msg === 'order placed')
    expect(line).toMatchObject({ order: order.number, total: 2290.09 })
    expect(JSON.stringify(logs.lines)).not.toMatch(/asha@example|4242|MG Road/i)
  })
})

describe('POST orders/lookup', () => {
  it('finds an order by its number and email, one answer whichever is wrong', async () => {
    const order = await json(await place(request()))
    const lookup = (number: unknown, email: string, client?: string) =>
      api.call('/api/orders/lookup', { body: { number, email }, client })
    const found = await lookup(String(order.number).toLowerCase(), ' ASHA@example.COM ')
    expect(found.status).toBe(200)
    expect(await json(found)).toEqual(order)
    for (const [number, email] of [
      [order.number, 'other@example.com'],
      ['MRD-0000000000', 'asha@example.com'],
    ]) {
      const missing = await lookup(number, String(email))
      expect(missing.status).toBe(404)
      expect(await json(missing)).toMatchObject({ message: 'Order not found' })
    }
  })

  it('is throttled per address, with Retry-After', async () => {
    const lookup = (client: string) =>
      api.call('/api/orders/lookup', {
        body: { number: 'MRD-0000000000', email: 'a@b.co' },
        client,
      })
    for (let i = 0; i < LOOKUPS_PER_CLIENT; i++)
      expect((await lookup('203.0.113.70')).status).toBe(404)
    const refused = await lookup('203.0.113.70')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await lookup('203.0.113.71')).status).toBe(404)
  })
})

describe('the operator’s routes (ADMIN_TOKEN)', () => {
  const admin = (path: string, init: CallInit = {}) =>
    api.call(`/api/admin${path}`, { token: ADMIN_TOKEN, ...init })

  it('answer 401 without ADMIN_TOKEN configured or with a wrong one, each saying why', async () => {
    const unset = await createTestApi()
    expect((await unset.call('/api/admin/orders', { token: ADMIN_TOKEN })).status).toBe(401)
    const none = await api.call('/api/admin/orders')
    expect(none.status).toBe(401)
    expect(none.headers.get('WWW-Authenticate')).toBe('Bearer realm="admin"')
    expect(await json(none)).toEqual({
      message:
        'The operator’s routes need an operator’s session or ADMIN_TOKEN (Authorization: Bearer …)',
    })
    const wrong = await api.call('/api/admin/orders', { token: 'wrong-token-of-some-length' })
    expect(wrong.status).toBe(401)
    expect(await json(wrong)).toEqual({
      message: 'This token is not the operator’s: sign in again, or check ADMIN_TOKEN',
    })
  })

  it('list every order newest first, since a date, as JSON or CSV', async () => {
    const first = await json(await place(request()))
    api.clock.advance(1000)
    const second = await json(
      await place(request({ lines: [{ productId: 6, sku: 'SMA-SAM-006-128GB', quantity: 1 }] })),
    )
    expect(await json(await admin('/orders'))).toMatchObject({
      orders: [{ number: second.number }, { number: first.number }],
      total: 2,
    })
    expect(await json(await admin('/orders?since=2999-01-01'))).toMatchObject({
      orders: [],
      total: 0,
    })
    expect((await admin('/orders?since=yesterday')).status).toBe(400)
  })

  it('find orders by number, email or name, and by status', async () => {
    const asha = await json(await place(request()))
    const ravi = await json(
      await place(
        request({
          email: 'ravi_k@example.com',
          address: { ...SHIPPING_ADDRESS, firstName: 'Ravi', lastName: 'Kumar' },
        }),
      ),
    )
    const numbers = async (query: string) =>
      ((await json(await admin(`/orders${query}`))).orders as { number: string }[]).map(
        (order) => order.number,
      )
    expect(await numbers(`?q=${String(asha.number).slice(0, 9).toLowerCase()}`)).toEqual([
      asha.number,
    ])
    expect(await numbers('?q=RAVI_K@')).toEqual([ravi.number])
    expect(await numbers('?q=%20ravi%20kumar%20')).toEqual([ravi.number])
    expect(await numbers('?q=verma')).toEqual([asha.number])
    // LIKE's wildcards are letters here: '_' matches an underscore only, '%' nothing.
    expect(await numbers('?q=ravi%5Fk')).toEqual([ravi.number])
    expect(await numbers('?q=a%5Fk')).toEqual([])
    expect(await numbers('?q=%25')).toEqual([])
    expect(await numbers('?status=placed')).toHaveLength(2)
    await admin(`/orders/${String(ravi.number)}/cancel`, { method: 'POST' })
    expect(await numbers('?status=cancelled')).toEqual([ravi.number])
    expect(await numbers('?status=placed&q=ravi')).toEqual([])
    const bad = await admin('/orders?status=lost')
    expect(bad.status).toBe(400)
    expect(await json(bad)).toEqual({
      message: "Invalid 'status': expected one of placed, shipped, delivered, cancelled",
    })
  })

  it('export a CSV a fulfilment team works from: a row per line, Excel’s UTF-8, formulas kept text', async () => {
    const order = await json(
      await place(
        request({
          lines: [
            { productId: 6, sku: 'SMA-SAM-006-128GB', quantity: 1 },
            { productId: 1, quantity: 2 },
          ],
          address: { ...SHIPPING_ADDRESS, firstName: '=HYPERLINK("x")', address2: 'Flat 4' },
          promoCode: 'flat50',
        }),
      ),
    )
    const csv = await admin(`/orders?format=csv&q=${String(order.number)}`)
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    // UTF-8's byte-order mark first (Response.text() would drop it: the bytes are read).
    const bytes = Buffer.from(await csv.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = bytes.subarray(3).toString('utf8').trim().split('\r\n')
    expect(rows[0]).toBe(
      'Order number,Date,Status,Name,Address,Pincode,Phone,Email,SKU,Option,Quantity,Unit price ($),Discount ($),Promo,Payment method,Order total ($)',
    )
    const lines = order.lines as { price: number; lineTotal: number; quantity: number }[]
    const total = (order.total as number).toFixed(2)
    expect(rows.slice(1)).toEqual([
      [
        order.number,
        order.createdAt,
        'placed',
        `"'=HYPERLINK(""x"") Verma"`,
        '"12 MG Road, Flat 4, Bengaluru, Karnataka"',
        '560001',
        '9876543210',
        'Asha@Example.com',
        'SMA-SAM-006-128GB',
        'Storage 128GB',
        '1',
        lines[0]!.price.toFixed(2),
        (lines[0]!.price - lines[0]!.lineTotal).toFixed(2),
        'FLAT50',
        'card ending 4242',
        total,
      ].join(','),
      expect.stringMatching(
        new RegExp(`^${String(order.number)},.*,[A-Z]{3}-[A-Z]{3}-001[^,]*,,2,`),
      ),
    ])
  })

  it('show an order’s mails and whether each was sent, and send its confirmation again', async () => {
    const order = await json(await place(request()))
    const number = String(order.number)
    const mails = async () =>
      (await json(await admin(`/orders/${number}`))).mails as Record<string, unknown>[]
    expect(await mails()).toEqual([
      expect.objectContaining({
        kind: 'confirmation',
        to: 'Asha@Example.com',
        status: 'waiting',
        attempts: 0,
      }),
    ])
    const [claimed] = await api.storage.outbox.claim(api.clock.now(), 60_000, 10)
    await api.storage.outbox.sent(claimed!.id, api.clock.now())
    expect(await mails()).toEqual([
      expect.objectContaining({ kind: 'confirmation', status: 'sent', attempts: 1 }),
    ])
    api.clock.advance(1000)
    const again = await admin(`/orders/${number}/resend`, {
      method: 'POST',
      body: { kind: 'confirmation' },
    })
    expect(again.status).toBe(202)
    expect((await mails()).map((mail) => [mail.kind, mail.status])).toEqual([
      ['confirmation', 'sent'],
      ['confirmation', 'waiting'],
    ])
    const [resent] = await api.storage.outbox.claim(api.clock.now(), 60_000, 10)
    expect(resent).toMatchObject({ subject: claimed!.subject, to: 'Asha@Example.com' })
    expect(resent!.id).not.toBe(claimed!.id)
    expect(
      (await admin(`/orders/${number}/resend`, { method: 'POST', body: { kind: 'shipped' } }))
        .status,
    ).toBe(400)
    expect(
      (
        await admin('/orders/MRD-0000000000/resend', {
          method: 'POST',
          body: { kind: 'confirmation' },
        })
      ).status,
    ).toBe(404)
  })

  it('set stock all or none, log each change, and show it at once', async () => {
    await stockOf(1)
    const set = await admin('/stock', {
      method: 'PUT',
      body: [
        { productId: 1, stock: 3 },
        { productId: 6, sku: 'SMA-SAM-006-256GB', stock: 0 },
      ],
    })
    expect(set.status).toBe(200)
    expect(await set.json()).toEqual([
      { productId: 1, before: 42, stock: 3 },
      { productId: 6, sku: 'SMA-SAM-006-256GB', before: 28, stock: 0 },
    ])
    expect(await stockOf(1)).toMatchObject({ stock: 3, availabilityStatus: 'Low Stock' })
    expect((await stockOf(6)).variants?.find((v) => v.sku === 'SMA-SAM-006-256GB')).toMatchObject({
      stock: 0,
      availabilityStatus: 'Out of Stock',
    })
    expect(logs.lines.filter((line) => line.msg === 'stock set')).toHaveLength(2)
    for (const body of [
      [
        { productId: 1, stock: 9 },
        { productId: 9999, stock: 1 },
      ],
      [{ productId: 6, stock: 1 }],
      [{ productId: 1, stock: -1 }],
    ]) {
      expect((await admin('/stock', { method: 'PUT', body })).status, JSON.stringify(body)).toBe(
        400,
      )
    }
    expect((await stockOf(1)).stock).toBe(3)
  })
})
