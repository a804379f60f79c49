import { describe, expect, it } from 'vitest'
import { SHIPPING_ADDRESS } from '../../testing/shopper.ts'
import { createTestApi, login, type TestApi } from '../../testing/test-api.ts'
import { DEFAULT_CLIENT_LIMITS } from '../limits/limit-settings.ts'
import { createMetrics } from '../observability/metrics.ts'

/**
 * What one client may order (decisions.md § Client limits; api.md § Orders): the bounds
 * against a denial of inventory, on the API as the tests' clients see it (each request from the
 * address the test names). Across processes and on `npm start`: server/clients.test.ts.
 */

const HOUR = 60 * 60_000
let keys = 0

/** An order of `quantity` of each product (all sold without options, with stock to spare). */
const order = (lines: [productId: number, quantity: number][], email = 'asha@example.com') => ({
  lines: lines.map(([productId, quantity]) => ({ productId, quantity })),
  email,
  address: SHIPPING_ADDRESS,
  payment: { method: 'card', cardLast4: '4242' },
})

const place = (api: TestApi, body: unknown, client: string, token?: string) =>
  api.call('/api/orders', {
    body,
    client,
    token,
    headers: { 'Idempotency-Key': `limits-${Date.now()}-${++keys}` },
  })

const stockOf = async (api: TestApi, id: number) =>
  ((await (await api.call(`/api/products/${id}`)).json()) as { stock: number }).stock

const refusal = async (res: Response) => ({
  status: res.status,
  retryAfter: Number(res.headers.get('Retry-After')),
  body: (await res.json()) as { message: string; bound: string; retryAfter: number },
})

describe('what one client may order', () => {
  it('takes at most 100 units an hour from one guest address, then 429 with Retry-After, nothing taken', async () => {
    const api = await createTestApi()
    const shopper = '198.51.100.1'
    expect((await place(api, order([[28, 60]]), shopper)).status).toBe(201)
    const before = await stockOf(api, 31)
    api.clock.advance(10 * 60_000)

    const over = await refusal(await place(api, order([[31, 41]]), shopper))
    expect(over.status).toBe(429)
    expect(over.body.bound).toBe('units-per-address')
    expect(over.body.message).toBe(
      'We take at most 100 items an hour from one shopper, and this order would go past that. Your cart is kept: please try again in 50 minutes.',
    )
    // The first order leaves the window in 50 minutes: then the 41 fit.
    expect(over.retryAfter).toBe(50 * 60)
    expect(over.body.retryAfter).toBe(over.retryAfter)
    expect(await stockOf(api, 31)).toBe(before)

    // Up to the bound, and not a unit past it.
    expect((await place(api, order([[31, 40]]), shopper)).status).toBe(201)
    expect((await place(api, order([[31, 1]]), shopper)).status).toBe(429)
    // Another address is someone else.
    expect((await place(api, order([[31, 50]]), '198.51.100.2')).status).toBe(201)
    // An hour on, the address orders again.
    api.clock.advance(HOUR)
    expect((await place(api, order([[30, 100]]), shopper)).status).toBe(201)
  })

  it('never refuses a real shopper on a shared address: 10 lines of 5, then two small orders', async () => {
    const api = await createTestApi()
    const office = '198.51.100.3'
    const tenLines = [2, 20, 23, 28, 29, 30, 31, 32, 33, 35].map(
      (id) => [id, 5] as [number, number],
    )
    expect((await place(api, order(tenLines), office)).status).toBe(201)
    api.clock.advance(20 * 60_000)
    expect((await place(api, order([[53, 2]]), office)).status).toBe(201)
    api.clock.advance(20 * 60_000)
    expect(
      (
        await place(
          api,
          order([
            [56, 1],
            [57, 1],
          ]),
          office,
        )
      ).status,
    ).toBe(201)
  })

  it('takes at most 10 guest orders an hour from one address, however small', async () => {
    const api = await createTestApi()
    for (let i = 0; i < 10; i++)
      expect((await place(api, order([[31, 1]], `s${i}@example.com`), '198.51.100.4')).status).toBe(
        201,
      )
    const over = await refusal(
      await place(api, order([[31, 1]], 's10@example.com'), '198.51.100.4'),
    )
    expect(over).toMatchObject({ status: 429, body: { bound: 'orders-per-address' } })
    expect(over.body.message).toContain('We take at most 10 orders an hour from one shopper')
  })

  it('sends one recipient at most 5 order confirmations an hour, from any address', async () => {
    const api = await createTestApi()
    const victim = 'stranger@example.com'
    for (let i = 0; i < 5; i++)
      expect((await place(api, order([[31, 1]], victim), `198.51.100.${10 + i}`)).status).toBe(201)
    const over = await refusal(
      await place(api, order([[31, 1]], 'Stranger@Example.com'), '198.51.100.20'),
    )
    expect(over).toMatchObject({ status: 429, body: { bound: 'mails-per-recipient' } })
    expect(over.body.message).toContain(
      'We send at most 5 order confirmations an hour to one email address',
    )
    expect(await api.mails()).toHaveLength(5)
    expect((await place(api, order([[31, 1]], 'other@example.com'), '198.51.100.20')).status).toBe(
      201,
    )
  })

  it('bounds a signed-in account likewise, wherever it orders from', async () => {
    const api = await createTestApi()
    const { accessToken } = await login(api)
    expect((await place(api, order([[28, 100]]), '198.51.100.30', accessToken)).status).toBe(201)
    const over = await refusal(await place(api, order([[31, 1]]), '198.51.100.31', accessToken))
    expect(over).toMatchObject({ status: 429, body: { bound: 'units-per-account' } })
    expect(over.body.message).toContain('from one account')
    // A guest at that address is not this account.
    expect((await place(api, order([[31, 1]], 'g@example.com'), '198.51.100.31')).status).toBe(201)
  })

  it('bounds every order from one address together, so accounts made by the dozen gain nothing', async () => {
    const api = await createTestApi(undefined, {
      limits: { allOrderUnitsPerAddress: { limit: 150, windowMs: HOUR } },
    })
    const address = '198.51.100.40'
    expect((await place(api, order([[28, 100]], 'g@example.com'), address)).status).toBe(201)
    const { accessToken } = await login(api)
    const over = await refusal(await place(api, order([[31, 51]]), address, accessToken))
    expect(over).toMatchObject({ status: 429, body: { bound: 'all-units-per-address' } })
    expect((await place(api, order([[31, 50]]), address, accessToken)).status).toBe(201)
  })

  it('gives an order’s share back when it is not placed: short of stock, or a key already used', async () => {
    const api = await createTestApi()
    const shopper = '198.51.100.50'
    const stock = await stockOf(api, 57)
    const short = await place(api, order([[57, stock + 1]]), shopper)
    expect(short.status).toBe(409)
    expect((await place(api, order([[28, 100]]), shopper)).status).toBe(201)

    // A retry of a placed order is that order, and counts nothing more.
    const other = '198.51.100.51'
    const body = order([[31, 100]])
    const first = await api.call('/api/orders', {
      body,
      client: other,
      headers: { 'Idempotency-Key': 'retried-order-key-1' },
    })
    expect(first.status).toBe(201)
    const again = await api.call('/api/orders', {
      body,
      client: other,
      headers: { 'Idempotency-Key': 'retried-order-key-1' },
    })
    expect(again.status).toBe(200)
  })

  it('does not hold TRUSTED_CLIENTS to the bounds of an address or a recipient; an account’s still hold', async () => {
    const api = await createTestApi(undefined, { trustedClients: ['198.51.100.0/24'] })
    const runner = '198.51.100.60'
    expect((await place(api, order([[28, 140]]), runner)).status).toBe(201)
    for (let i = 0; i < 11; i++)
      expect((await place(api, order([[31, 1]]), runner)).status, `order ${i}`).toBe(201)
    const { accessToken } = await login(api)
    expect((await place(api, order([[30, 100]]), runner, accessToken)).status).toBe(201)
    const over = await refusal(await place(api, order([[30, 1]]), runner, accessToken))
    expect(over).toMatchObject({ status: 429, body: { bound: 'units-per-account' } })
    // An address outside the range is counted as any other.
    expect((await place(api, order([[53, 101]]), '203.0.113.9')).status).toBe(429)
  })

  it('counts each refusal by its bound', async () => {
    const metrics = createMetrics({ processMetrics: false })
    const api = await createTestApi(undefined, { metrics })
    expect((await place(api, order([[28, 101]]), '198.51.100.70')).status).toBe(429)
    const text = await metrics.registry.metrics()
    expect(text).toContain('limit_refusals_total{limit="units-per-address"} 1')
    expect(text).toContain('orders_total{result="limited"} 1')
  })

  it('has the contract’s defaults', () => {
    const { orderUnitsPerAddress, orderMailsPerRecipient } = DEFAULT_CLIENT_LIMITS
    expect(orderUnitsPerAddress).toEqual({ limit: 100, windowMs: HOUR })
    expect(orderMailsPerRecipient).toEqual({ limit: 5, windowMs: HOUR })
  })
})
