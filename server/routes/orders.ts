import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import * as v from 'valibot'
import type { Authenticate } from '../auth/authenticate.ts'
import { sameText } from '../auth/constant-time.ts'
import type { Clock } from '../clock.ts'
import { bearerToken, jsonBody } from '../http/body.ts'
import { requireClient } from '../http/client-address.ts'
import { Refusal, tooMany } from '../http/refusal.ts'
import { spend, type AttemptLog } from '../limits/attempt-log.ts'
import type { Rate } from '../limits/limit-settings.ts'
import type { Logger } from '../observability/logger.ts'
import type { Metrics } from '../observability/metrics.ts'
import { loggerOf, type RequestRecord } from '../observability/request-log.ts'
import type { Orders } from '../orders/orders.ts'
import type { OrderStore, StoredOrder } from '../orders/order-store.ts'
import { orderRequestSchema } from '../orders/price-order.ts'
import { parseListQuery } from './list-query.ts'

/** 8-128 visible ASCII characters (api.md § Orders). */
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{8,128}$/

const lookupSchema = v.object({
  number: v.pipe(v.string("Invalid 'number': expected an order number"), v.trim(), v.maxLength(40)),
  email: v.pipe(v.string("Invalid 'email': expected an email address"), v.trim(), v.maxLength(254)),
})

const guestCancelSchema = v.object({ email: lookupSchema.entries.email })

export interface OrderRoutesDeps {
  /** The order use case (server/orders/orders.ts). */
  orders: Orders
  /** Orders as stored, for a shopper's own and a lookup. */
  store: Pick<OrderStore, 'ofUser' | 'byNumber'>
  /** Where failed lookups are counted (the attempts' log, in the database). */
  attempts: AttemptLog
  /** Failed lookups one client may make, then 429 (docs/api.md § Orders). */
  lookups: Rate
  /** TRUSTED_CLIENTS: lookups not counted. */
  trusted: (client: string) => boolean
  authenticate: Authenticate
  clock: Clock
  /** The site's public origin, for the confirmation's link. */
  originOf: (c: Context) => string
  metrics?: Pick<Metrics, 'limitRefusals'>
  /** Lines of requests the site did not hand in (tests'); the site's carry its request id. */
  logger?: Logger
}

type Env = { Bindings: Partial<RequestRecord> }

/**
 * ours: orders (docs/api.md § Orders; decisions.md § Orders), HTTP only: what a request says goes
 * to the order use case (server/orders/orders.ts), and what it answers becomes a status.
 */
export function orderRoutes({
  orders,
  store,
  attempts,
  lookups,
  trusted,
  authenticate,
  clock,
  originOf,
  metrics,
  logger,
}: OrderRoutesDeps) {
  const guestsOrder = guestOrders({ store, attempts, lookups, trusted, clock, metrics })
  /** The signed-in shopper's id with a bearer token; a guest without one (401 for a bad one). */
  const shopperOf = async (c: Context) =>
    bearerToken(c) ? (await authenticate(c)).claims.sub : null

  return new Hono<Env>()
    .post('/', jsonBody(orderRequestSchema, { nameFields: true }), async (c) => {
      const key = c.req.header('Idempotency-Key') ?? ''
      if (!IDEMPOTENCY_KEY.test(key))
        throw new HTTPException(400, {
          message: 'Idempotency-Key required: 8 to 128 visible ASCII characters, one per order',
        })
      const outcome = await orders.place({
        request: c.req.valid('json'),
        key,
        userId: await shopperOf(c),
        client: requireClient(c),
        origin: originOf(c),
        log: loggerOf(c.env, logger),
      })
      if ('placed' in outcome) return c.json(outcome.placed.body, 201)
      if ('replayed' in outcome) {
        if (!outcome.sameRequest)
          throw new HTTPException(422, {
            message: 'This Idempotency-Key was used for another order: make a new one for this',
          })
        return c.json(outcome.replayed.body, 200)
      }
      if ('invalid' in outcome) throw new HTTPException(400, { message: outcome.invalid })
      if ('repriced' in outcome)
        throw new Refusal(
          409,
          'The total has changed since it was shown: check it and place the order again',
          { fields: { total: outcome.repriced } },
        )
      throw new Refusal(409, 'Not enough stock for some lines: nothing was taken', {
        fields: {
          lines: outcome.short.map(({ productId, sku, stock }) => ({
            productId,
            ...(sku !== null && { sku }),
            available: stock,
          })),
        },
      })
    })
    .get('/', async (c) => {
      const { claims } = await authenticate(c)
      const { limit, skip } = parseListQuery((name) => c.req.query(name))
      const found = await store.ofUser(claims.sub, { limit: limit || 1_000_000, skip })
      return c.json({
        orders: found.orders.map((order) => order.body),
        total: found.total,
        skip,
        limit: found.orders.length,
      })
    })
    .post('/lookup', jsonBody(lookupSchema), async (c) => {
      const { number, email } = c.req.valid('json')
      return c.json((await guestsOrder(c, number, email)).body)
    })
    .post('/:number/cancel', async (c) => {
      const number = c.req.param('number').toUpperCase()
      const userId = await shopperOf(c)
      let order: StoredOrder | undefined
      if (userId !== null) {
        order = await store.byNumber(number)
        // Another's order is one the shopper has not got: the same 404 as a number never made.
        if (order?.userId !== userId) throw new HTTPException(404, { message: 'Order not found' })
      } else {
        const body = v.safeParse(guestCancelSchema, await c.req.json().catch(() => undefined))
        if (!body.success)
          throw new HTTPException(400, {
            message: "Invalid body: expected { email }, the order's email, or sign in",
          })
        order = await guestsOrder(c, number, body.output.email)
      }
      const outcome = await orders.change({
        number: order.number,
        to: 'cancelled',
        by: userId === null ? 'shopper (guest)' : 'shopper',
        origin: originOf(c),
        log: loggerOf(c.env, logger),
      })
      if ('missing' in outcome) throw new HTTPException(404, { message: 'Order not found' })
      if ('cannot' in outcome)
        throw new HTTPException(409, {
          message: `This order is ${String(outcome.cannot.body.status)} and can no longer be cancelled`,
        })
      return c.json(('changed' in outcome ? outcome.changed : outcome.unchanged).body)
    })
}

/**
 * A guest's order by its number and email (a lookup, or a guest's cancel), counted against the
 * client's failed lookups before it is looked up and forgotten when found, so guesses at once
 * count; one 404 whichever part is wrong.
 */
function guestOrders({
  store,
  attempts,
  lookups,
  trusted,
  clock,
  metrics,
}: Pick<OrderRoutesDeps, 'store' | 'attempts' | 'lookups' | 'trusted' | 'clock' | 'metrics'>) {
  return async (c: Context, number: string, email: string): Promise<StoredOrder> => {
    const client = requireClient(c)
    const now = clock.now()
    const key = `lookup:${client}`
    const counts = !trusted(client)
    // Counted before the order is looked up, forgotten when it is found: guesses at once count.
    const wait = counts ? await spend(attempts, key, lookups, now) : undefined
    if (wait !== undefined) {
      metrics?.limitRefusals.inc({ limit: 'order-lookups' })
      throw tooMany('Too many order lookups, please try again later', wait)
    }
    const order = await store.byNumber(number.toUpperCase())
    // One answer whichever part is wrong: a number alone tells nothing of whose it is.
    const matches = sameText(order?.email ?? '', email.toLowerCase()) && order !== undefined
    if (!matches) throw new HTTPException(404, { message: 'Order not found' })
    if (counts) await attempts.release(key, now)
    return order
  }
}
