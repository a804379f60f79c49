import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import * as v from 'valibot'
import { plainText } from '../../shared/text/plain-text.ts'
import { sameText } from '../auth/constant-time.ts'
import type { Clock } from '../clock.ts'
import { bearerToken } from '../http/body.ts'
import { Refusal } from '../http/refusal.ts'
import type { Logger } from '../observability/logger.ts'
import { loggerOf, type RequestRecord } from '../observability/request-log.ts'
import type { LiveStock } from '../orders/live-stock.ts'
import type { OrderStore, StoredOrder } from '../orders/order-store.ts'
import type { ChangeOutcome, createOrders, StatusAsked } from '../orders/orders.ts'
import type { StockLevel, StockStore } from '../orders/stock-store.ts'
import { parseListQuery } from './list-query.ts'

const stockSchema = v.object({
  levels: v.pipe(
    v.array(
      v.object({
        productId: v.pipe(v.number(), v.integer(), v.minValue(1)),
        sku: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(80))),
        stock: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
      }),
    ),
    v.minLength(1),
    v.maxLength(1000),
  ),
})

/** A CSV field: quoted when it holds a comma, a quote or a line break; a formula's lead defused. */
const csvField = (value: string | number | undefined) => {
  const text = String(value ?? '').replace(/^[=+\-@\t\r]/, "'$&")
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

interface AdminOrder {
  number: string
  createdAt: string
  email: string
  userId?: number
  total: number
  lines: { quantity: number; title: string; label?: string }[]
}

export interface AdminRoutesDeps {
  /** ADMIN_TOKEN: without one, every route here answers 404. */
  token: string | undefined
  /** The order use case (server/orders/orders.ts): every status change goes through it. */
  orders: Pick<ReturnType<typeof createOrders>, 'change' | 'historyOf'>
  store: OrderStore
  /** The site's public origin, for the links in the mails. */
  originOf: (c: Context) => string
  stock: StockStore
  live: LiveStock
  clock: Clock
  /** Lines of requests the site did not hand in (tests'); the site's carry its request id. */
  logger?: Logger
}

type Env = { Bindings: Partial<RequestRecord> }

/** An optional line of text an operator gives: trimmed, plain (no control characters), bounded. */
const note = (max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max), plainText()))

/** A tracking link: http or https only, since shoppers open it from their mail and their orders. */
const trackingUrl = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(500),
    v.check((url) => url === '' || /^https?:\/\/[^\s]+$/i.test(url), 'url'),
  ),
)

const shipSchema = v.object({
  carrier: note(80),
  trackingNumber: note(80),
  trackingUrl,
})
const SHIP_EXPECTED =
  'expected { carrier?, trackingNumber?, trackingUrl? }: plain text, the link http(s)'

const cancelSchema = v.object({ reason: note(500) })
const CANCEL_EXPECTED = 'expected { reason? }: plain text, at most 500 characters'

/** A body that may be absent (no fields given), or must match `schema`. */
async function bodyOf<T extends v.GenericSchema>(
  c: Context,
  schema: T,
  expected: string,
): Promise<v.InferOutput<T>> {
  const text = await c.req.text()
  let json: unknown = {}
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text)
    } catch {
      throw new HTTPException(400, { message: 'Invalid JSON body' })
    }
  }
  const result = v.safeParse(schema, json)
  if (!result.success) throw new HTTPException(400, { message: `Invalid body: ${expected}` })
  return result.output
}

const notFound = (number: string) =>
  new HTTPException(404, { message: `No order ${number.slice(0, 40)}` })

/**
 * ours: the operator's routes (docs/operating.md § Orders and mail), behind the bearer
 * ADMIN_TOKEN as /metrics is behind METRICS_TOKEN: the orders, newest first (JSON or CSV), and
 * stock levels set after a delivery or a count.
 */
export function adminRoutes({
  token,
  orders,
  store,
  originOf,
  stock,
  live,
  clock,
  logger,
}: AdminRoutesDeps) {
  /** An order as the operator sees it: with its history (each status, when, by whom). */
  const withHistory = async (order: StoredOrder) => ({
    ...order.body,
    history: (await orders.historyOf(order)).map((event) => ({
      ...event,
      at: new Date(event.at).toISOString(),
    })),
  })

  /** The change asked for, by the operator, of the order the address names. */
  const change = (c: Context<Env>, asked: StatusAsked) =>
    orders.change({
      ...asked,
      number: c.req.param('number') ?? '',
      by: 'ADMIN_TOKEN',
      origin: originOf(c),
      log: loggerOf(c.env, logger),
    })

  /** 200 the order (changed now, or already so); 409 when it cannot go there; 404. */
  const answer = async (c: Context<Env>, outcome: ChangeOutcome) => {
    if ('missing' in outcome) throw notFound(c.req.param('number') ?? '')
    if ('cannot' in outcome) {
      const status = outcome.cannot.body.status as string
      throw new HTTPException(409, {
        message: `Order ${outcome.cannot.number} is ${status}: it cannot be changed so now`,
      })
    }
    return c.json(await withHistory('changed' in outcome ? outcome.changed : outcome.unchanged))
  }

  const admin = new Hono<Env>()
  if (!token) return admin.all('*', (c) => c.json({ message: 'Not found' }, 404))
  // Every refusal says why (a 401 with WWW-Authenticate, as RFC 6750 has it).
  const challenge = { 'WWW-Authenticate': 'Bearer realm="admin"' }
  return admin
    .use(async (c, next) => {
      const given = bearerToken(c)
      if (given === undefined)
        throw new Refusal(
          401,
          'The operator’s routes need the operator’s token (Authorization: Bearer …)',
          {
            headers: challenge,
          },
        )
      if (!sameText(given, token))
        throw new Refusal(
          401,
          'This token is not the operator’s: sign in again, or check ADMIN_TOKEN',
          {
            headers: { 'WWW-Authenticate': 'Bearer realm="admin", error="invalid_token"' },
          },
        )
      await next()
    })
    .get('/orders', async (c) => {
      const { limit, skip } = parseListQuery((name) => c.req.query(name))
      const sinceText = c.req.query('since')
      const since = sinceText === undefined ? 0 : Date.parse(sinceText)
      if (Number.isNaN(since))
        throw new HTTPException(400, { message: "Invalid 'since': expected a date (2026-11-28)" })
      const found = await store.all({ limit: limit || 1_000_000, skip, since })
      const bodies = found.orders.map((order) => order.body as unknown as AdminOrder)
      if (c.req.query('format') !== 'csv')
        return c.json({ orders: bodies, total: found.total, skip, limit: bodies.length })
      const rows = [
        ['number', 'createdAt', 'email', 'userId', 'total', 'items'],
        ...bodies.map((order) => [
          order.number,
          order.createdAt,
          order.email,
          order.userId ?? '',
          order.total.toFixed(2),
          order.lines
            .map(
              (line) => `${line.quantity} × ${line.title}${line.label ? ` (${line.label})` : ''}`,
            )
            .join('; '),
        ]),
      ]
      return c.body(rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n', 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="orders.csv"',
      })
    })
    .get('/orders/:number', async (c) => {
      const order = await store.byNumber(c.req.param('number'))
      if (!order) throw notFound(c.req.param('number'))
      return c.json(await withHistory(order))
    })
    .post('/orders/:number/ship', async (c) => {
      const body = await bodyOf(c, shipSchema, SHIP_EXPECTED)
      const tracking = {
        ...(body.carrier && { carrier: body.carrier }),
        ...(body.trackingNumber && { number: body.trackingNumber }),
        ...(body.trackingUrl && { url: body.trackingUrl }),
      }
      return answer(c, await change(c, { to: 'shipped', tracking }))
    })
    .post('/orders/:number/deliver', async (c) => answer(c, await change(c, { to: 'delivered' })))
    .post('/orders/:number/cancel', async (c) => {
      const { reason } = await bodyOf(c, cancelSchema, CANCEL_EXPECTED)
      return answer(c, await change(c, { to: 'cancelled', ...(reason && { reason }) }))
    })
    .put('/stock', async (c) => {
      // The contract's body is the list itself; the schema reads it as { levels }.
      const body: unknown = await c.req.json().catch(() => undefined)
      const result = v.safeParse(stockSchema, { levels: body })
      if (!result.success)
        throw new HTTPException(400, {
          message:
            'Invalid body: expected [{ productId, sku?, stock }], stock a whole number from 0',
        })
      const levels: StockLevel[] = []
      for (const { productId, sku, stock: level } of result.output.levels) {
        const product = live.catalogue.byId(productId)
        if (!product) throw new HTTPException(400, { message: `Unknown product ${productId}` })
        if (product.variants && !product.variants.some((variant) => variant.sku === sku))
          throw new HTTPException(400, {
            message: sku
              ? `Product ${productId} has no variant ${sku}`
              : `Product ${productId} is sold in options: name the variant's sku`,
          })
        if (!product.variants && sku !== undefined && sku !== product.sku)
          throw new HTTPException(400, { message: `Product ${productId} has no variant ${sku}` })
        levels.push({ productId, sku: product.variants ? (sku ?? null) : null, stock: level })
      }
      const changes = await stock.set(levels, clock.now())
      if (!changes) throw new HTTPException(400, { message: 'Unknown product or variant' })
      for (const change of changes)
        loggerOf(c.env, logger).info({ stockChange: change }, 'stock set')
      return c.json(
        changes.map(({ productId, sku, before, stock: level }) => ({
          productId,
          ...(sku !== null && { sku }),
          before,
          stock: level,
        })),
      )
    })
}
