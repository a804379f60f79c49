import { createHash, randomBytes } from 'node:crypto'
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
import { orderConfirmation } from '../mail/order-mail.ts'
import type { Logger } from '../observability/logger.ts'
import type { Metrics } from '../observability/metrics.ts'
import { loggerOf, type RequestRecord } from '../observability/request-log.ts'
import type { LiveStock } from '../orders/live-stock.ts'
import type { OrderLimiter } from '../orders/order-limits.ts'
import type { OrderStore, StoredOrder } from '../orders/order-store.ts'
import { orderRequestSchema, priceOrder, type OrderRequest } from '../orders/price-order.ts'
import { parseListQuery } from './list-query.ts'
import { roundCents } from '../../shared/pricing/pricing.ts'

/** 8-128 visible ASCII characters (api.md § Orders). */
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{8,128}$/

/** Order numbers: `MRD-` and 10 characters of 32 (Crockford's: no I, L, O or U), 50 random bits. */
const NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const newOrderNumber = () =>
  `MRD-${[...randomBytes(10)].map((byte) => NUMBER_ALPHABET[byte % 32]).join('')}`

const lookupSchema = v.object({
  number: v.pipe(v.string("Invalid 'number': expected an order number"), v.trim(), v.maxLength(40)),
  email: v.pipe(v.string("Invalid 'email': expected an email address"), v.trim(), v.maxLength(254)),
})

export interface OrderRoutesDeps {
  live: LiveStock
  orders: OrderStore
  /** Where failed lookups are counted (the attempts' log, in the database). */
  attempts: AttemptLog
  /** What one client may order (server/orders/order-limits.ts). */
  limits: OrderLimiter
  /** Failed lookups one client may make, then 429 (api.md § Orders). */
  lookups: Rate
  /** TRUSTED_CLIENTS: lookups not counted. */
  trusted: (client: string) => boolean
  authenticate: Authenticate
  clock: Clock
  /** The site's public origin, for the confirmation's link. */
  originOf: (c: Context) => string
  brand: string
  /** Called once an order is committed: its mail is in the outbox. */
  placed?: () => void
  metrics?: Pick<Metrics, 'orders' | 'orderValue' | 'stockRefusals' | 'limitRefusals'>
  /** Lines of requests the site did not hand in (tests'); the site's carry its request id. */
  logger?: Logger
}

type Env = { Bindings: Partial<RequestRecord> }

/** What a request says, as one text: the same key with the same text is the same order. */
const fingerprintOf = (request: OrderRequest, userId: number | null) =>
  createHash('sha256').update(JSON.stringify({ request, userId })).digest('base64url')

/**
 * ours: orders (api.md § Orders; decisions.md § Orders). The server prices each order
 * from the catalogue as it stands, takes its stock and queues its confirmation in one
 * transaction, once per Idempotency-Key.
 */
export function orderRoutes({
  live,
  orders,
  attempts,
  limits,
  lookups,
  trusted,
  authenticate,
  clock,
  originOf,
  brand,
  placed,
  metrics,
  logger,
}: OrderRoutesDeps) {
  const counted = (result: string) => metrics?.orders.inc({ result })

  /** The signed-in shopper's id with a bearer token; a guest without one (401 for a bad one). */
  const shopperOf = async (c: Context) =>
    bearerToken(c) ? (await authenticate(c)).claims.sub : null

  const answerReplay = (c: Context, replayed: StoredOrder, sameRequest: boolean) => {
    counted(sameRequest ? 'replayed' : 'key-reused')
    if (!sameRequest)
      throw new HTTPException(422, {
        message: 'This Idempotency-Key was used for another order: make a new one for this',
      })
    return c.json(replayed.body, 200)
  }

  return new Hono<Env>()
    .post('/', jsonBody(orderRequestSchema, { nameFields: true }), async (c) => {
      const key = c.req.header('Idempotency-Key') ?? ''
      if (!IDEMPOTENCY_KEY.test(key))
        throw new HTTPException(400, {
          message: 'Idempotency-Key required: 8 to 128 visible ASCII characters, one per order',
        })
      const userId = await shopperOf(c)
      const request = c.req.valid('json')
      const fingerprint = fingerprintOf(request, userId)
      // A retry of an order placed already is answered with it, whatever prices did since.
      const earlier = await orders.replayOf(key, fingerprint)
      if (earlier) return answerReplay(c, earlier.replayed, earlier.sameRequest)

      const pricing = priceOrder(live.catalogue, request)
      if ('invalid' in pricing) {
        counted('invalid')
        throw new HTTPException(400, { message: pricing.invalid })
      }
      const { priced } = pricing
      if (
        request.expectedTotal !== undefined &&
        roundCents(request.expectedTotal) !== priced.total
      ) {
        counted('repriced')
        throw new Refusal(
          409,
          'The total has changed since it was shown: check it and place the order again',
          {
            fields: { total: priced.total },
          },
        )
      }

      const number = newOrderNumber()
      const createdAt = clock.now()
      const { lines, subtotal, discount, total, promoCode } = priced
      const body = {
        number,
        status: 'placed',
        createdAt: new Date(createdAt).toISOString(),
        email: request.email,
        ...(userId !== null && { userId }),
        address: request.address,
        payment: request.payment,
        ...(promoCode && { promoCode }),
        lines,
        subtotal,
        discount,
        total,
      }
      const mail = orderConfirmation(
        {
          number,
          email: request.email,
          lines,
          subtotal,
          discount,
          total,
          promoCode,
          address: request.address,
        },
        { brand, origin: originOf(c) },
      )
      // Past a bound, 429 and nothing taken; an order not placed after all gives its share back.
      const giveBack = await limits.reserve({
        client: requireClient(c),
        userId,
        email: request.email,
        units: priced.takes.reduce((sum, take) => sum + take.quantity, 0),
      })
      const result = await orders
        .place({
          order: { number, createdAt, userId, email: request.email.toLowerCase(), body },
          key,
          fingerprint,
          takes: priced.takes,
          mail,
        })
        .catch(async (error: unknown) => {
          await giveBack().catch(() => undefined)
          throw error
        })
      if (!('placed' in result)) await giveBack()
      if ('short' in result) {
        counted('short')
        metrics?.stockRefusals.inc(result.short.length)
        throw new Refusal(409, 'Not enough stock for some lines: nothing was taken', {
          fields: {
            lines: result.short.map(({ productId, sku, stock }) => ({
              productId,
              ...(sku !== null && { sku }),
              available: stock,
            })),
          },
        })
      }
      if ('replayed' in result) return answerReplay(c, result.replayed, result.sameRequest)

      // This replica's answers and pages show the new stock before the shopper's next request.
      live.apply(result.levels)
      placed?.()
      counted('placed')
      metrics?.orderValue.observe(total)
      // Its number and the request's id, never the address or any card data.
      loggerOf(c.env, logger).info(
        { order: number, total, lines: lines.length, guest: userId === null },
        'order placed',
      )
      return c.json(body, 201)
    })
    .get('/', async (c) => {
      const { claims } = await authenticate(c)
      const { limit, skip } = parseListQuery((name) => c.req.query(name))
      const found = await orders.ofUser(claims.sub, { limit: limit || 1_000_000, skip })
      return c.json({
        orders: found.orders.map((order) => order.body),
        total: found.total,
        skip,
        limit: found.orders.length,
      })
    })
    .post('/lookup', jsonBody(lookupSchema), async (c) => {
      const { number, email } = c.req.valid('json')
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
      const order = await orders.byNumber(number.toUpperCase())
      // One answer whichever part is wrong: a number alone tells nothing of whose it is.
      const matches = sameText(order?.email ?? '', email.toLowerCase()) && order !== undefined
      if (!matches) throw new HTTPException(404, { message: 'Order not found' })
      if (counts) await attempts.release(key, now)
      return c.json(order.body)
    })
}
