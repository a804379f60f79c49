import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import * as v from 'valibot'
import { sameText } from '../auth/constant-time.ts'
import type { Clock } from '../clock.ts'
import { bearerToken } from '../http/body.ts'
import { Refusal } from '../http/refusal.ts'
import type { Logger } from '../observability/logger.ts'
import { loggerOf, type RequestRecord } from '../observability/request-log.ts'
import type { LiveStock } from '../orders/live-stock.ts'
import type { OrderStore } from '../orders/order-store.ts'
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
  orders: OrderStore
  stock: StockStore
  live: LiveStock
  clock: Clock
  /** Lines of requests the site did not hand in (tests'); the site's carry its request id. */
  logger?: Logger
}

type Env = { Bindings: Partial<RequestRecord> }

/**
 * ours: the operator's routes (docs/operating.md § Orders and mail), behind the bearer
 * ADMIN_TOKEN as /metrics is behind METRICS_TOKEN: the orders, newest first (JSON or CSV), and
 * stock levels set after a delivery or a count.
 */
export function adminRoutes({ token, orders, stock, live, clock, logger }: AdminRoutesDeps) {
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
      const found = await orders.all({ limit: limit || 1_000_000, skip, since })
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
