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
import type { Outbox } from '../mail/outbox.ts'
import { ordersCsv, type ExportedOrder } from '../orders/order-export.ts'
import { ORDER_STATUSES, type ChangeOutcome, type StatusAsked } from '../orders/order-changes.ts'
import type { createOrders } from '../orders/orders.ts'
import type { StockStore } from '../orders/stock-store.ts'
import { adminStockRoutes } from './admin-stock.ts'
import { operatorSessionRoutes } from './operator-session.ts'
import { OPERATOR_TOKEN_PREFIX, type OperatorSessions } from '../operators/operator-sessions.ts'
import { parseListQuery } from './list-query.ts'

export interface AdminRoutesDeps {
  /** ADMIN_TOKEN, for scripts; without one, only operators' sessions are taken. */
  token: string | undefined
  /** Operators' sign-in and sessions (server/operators). */
  operators: OperatorSessions
  /** Whether a bearer token is a shopper's (a valid access token): refused with 403. */
  isShopperToken: (token: string) => boolean
  /** The order use case (server/orders/orders.ts): every status change goes through it. */
  orders: Pick<ReturnType<typeof createOrders>, 'change' | 'historyOf' | 'resendConfirmation'>
  store: OrderStore
  /** What became of each order's mail. */
  outbox: Pick<Outbox, 'about'>
  /** The site's public origin, for the links in the mails. */
  originOf: (c: Context) => string
  stock: StockStore
  live: LiveStock
  clock: Clock
  /** Lines of requests the site did not hand in (tests'); the site's carry its request id. */
  logger?: Logger
}

type Env = {
  Bindings: Partial<RequestRecord>
  /** Who asks: an operator's email, or `ADMIN_TOKEN`. */
  Variables: { operator: string }
}

const NO_TOKEN =
  'The operator’s routes need an operator’s session or ADMIN_TOKEN (Authorization: Bearer …)'
const SESSION_ENDED = 'This session has ended: sign in again'
const SHOPPERS_TOKEN =
  'A shopper’s session cannot use the operator’s routes: sign in as an operator'
const NOT_THE_OPERATORS = 'This token is not the operator’s: sign in again, or check ADMIN_TOKEN'

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

const resendSchema = v.object({ kind: v.picklist(['confirmation']) })
const RESEND_EXPECTED = 'expected { kind: "confirmation" }'

/** At most this many characters of a search are read. */
const MAX_QUERY = 100

/** A mail's kind from its id (server/mail/order-mail.ts): `order-N`, `order-N-shipped`, … */
const mailKind = (id: string, number: string) =>
  id === `order-${number}` ? 'confirmation' : id.slice(`order-${number}-`.length).split('-')[0]!

const notFound = (number: string) =>
  new HTTPException(404, { message: `No order ${number.slice(0, 40)}` })

/**
 * ours: the operator's routes (docs/api.md § Operator), behind an operator's session or the
 * bearer ADMIN_TOKEN (a shopper's token: 403): the operator's sign-in, the orders (found,
 * filtered, as JSON or CSV), an order with its history and mails, its status changes through the
 * order use case, a confirmation sent again, and the stock (admin-stock.ts).
 */
export function adminRoutes({
  token,
  operators,
  isShopperToken,
  orders,
  store,
  outbox,
  originOf,
  stock,
  live,
  clock,
  logger,
}: AdminRoutesDeps) {
  const iso = (at: number) => new Date(at).toISOString()
  /** An order as the operator sees it: its history (each status, when, by whom) and its mails. */
  const withHistory = async (order: StoredOrder) => ({
    ...order.body,
    history: (await orders.historyOf(order)).map((event) => ({ ...event, at: iso(event.at) })),
    mails: (await outbox.about(`order-${order.number}`)).map((mail) => ({
      kind: mailKind(mail.id, order.number),
      to: mail.to,
      subject: mail.subject,
      status: mail.status,
      queuedAt: iso(mail.queuedAt),
      ...(mail.sentAt !== undefined && { sentAt: iso(mail.sentAt) }),
      attempts: mail.attempts,
    })),
  })

  /** The change asked for, by the operator, of the order the address names. */
  const change = (c: Context<Env>, asked: StatusAsked) =>
    orders.change({
      ...asked,
      number: c.req.param('number') ?? '',
      by: c.get('operator'),
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

  // Every refusal says why (a 401 with WWW-Authenticate, as RFC 6750 has it).
  const challenge = { 'WWW-Authenticate': 'Bearer realm="admin"' }
  const invalid = { 'WWW-Authenticate': 'Bearer realm="admin", error="invalid_token"' }
  return new Hono<Env>()
    .route('/session', operatorSessionRoutes({ operators, logger }))
    .use(async (c, next) => {
      const given = bearerToken(c)
      if (given === undefined) throw new Refusal(401, NO_TOKEN, { headers: challenge })
      if (token !== undefined && sameText(given, token)) {
        c.set('operator', 'ADMIN_TOKEN')
        return next()
      }
      if (given.startsWith(OPERATOR_TOKEN_PREFIX)) {
        const session = await operators.who(given)
        if (!session) throw new Refusal(401, SESSION_ENDED, { headers: invalid })
        c.set('operator', session.email)
        return next()
      }
      if (isShopperToken(given)) throw new Refusal(403, SHOPPERS_TOKEN)
      throw new Refusal(401, NOT_THE_OPERATORS, { headers: invalid })
    })
    .get('/orders', async (c) => {
      const { limit, skip } = parseListQuery((name) => c.req.query(name))
      const sinceText = c.req.query('since')
      const since = sinceText === undefined ? 0 : Date.parse(sinceText)
      if (Number.isNaN(since))
        throw new HTTPException(400, { message: "Invalid 'since': expected a date (2026-11-28)" })
      const status = c.req.query('status')
      if (status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(status))
        throw new HTTPException(400, {
          message: `Invalid 'status': expected one of ${ORDER_STATUSES.join(', ')}`,
        })
      const query = c.req.query('q')?.trim().toLowerCase().slice(0, MAX_QUERY) || undefined
      const found = await store.all({
        limit: limit || 1_000_000,
        skip,
        since,
        ...(status !== undefined && { status }),
        ...(query !== undefined && { query }),
      })
      const bodies = found.orders.map((order) => order.body)
      if (c.req.query('format') !== 'csv')
        return c.json({ orders: bodies, total: found.total, skip, limit: bodies.length })
      const csv = ordersCsv(
        bodies as unknown as ExportedOrder[],
        (productId) => live.catalogue.byId(productId)?.sku,
      )
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="orders.csv"',
      })
    })
    .get('/orders/:number', async (c) => {
      const order = await store.byNumber(c.req.param('number'))
      if (!order) throw notFound(c.req.param('number'))
      return c.json(await withHistory(order))
    })
    .post('/orders/:number/resend', async (c) => {
      const { kind } = await bodyOf(c, resendSchema, RESEND_EXPECTED)
      const order = await store.byNumber(c.req.param('number'))
      if (!order) throw notFound(c.req.param('number'))
      if (kind === 'confirmation') await orders.resendConfirmation(order, originOf(c))
      loggerOf(c.env, logger).info({ order: order.number, kind }, 'mail sent again')
      return c.json({ message: 'The mail is on its way again' }, 202)
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
    .route('/stock', adminStockRoutes({ stock, live, clock, logger }))
}
