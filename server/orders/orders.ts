import { createHash, randomBytes } from 'node:crypto'
import { roundCents } from '../../shared/pricing/pricing.ts'
import type { Clock } from '../clock.ts'
import type { Outbox } from '../mail/outbox.ts'
import { orderConfirmation, type ConfirmedOrder } from '../mail/order-mail.ts'
import {
  changeOf,
  NEXT_STATUSES,
  statusOf,
  type ChangeAsked,
  type ChangeOutcome,
  type OrderStatus,
} from './order-changes.ts'
import type { Logger } from '../observability/logger.ts'
import type { Metrics } from '../observability/metrics.ts'
import type { LiveStock } from './live-stock.ts'
import type { OrderLimiter } from './order-limits.ts'
import type { OrderStore, Replay, StoredOrder } from './order-store.ts'
import { priceOrder, type OrderRequest } from './price-order.ts'
import type { StockLevel } from './stock-store.ts'

/** Order numbers: `MRD-` and 10 characters of 32 (Crockford's: no I, L, O or U), 50 random bits. */
const NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const newOrderNumber = () =>
  `MRD-${[...randomBytes(10)].map((byte) => NUMBER_ALPHABET[byte % 32]).join('')}`

/** What a request says, as one text: the same key with the same text is the same order. */
const fingerprintOf = (request: OrderRequest, userId: number | null) =>
  createHash('sha256').update(JSON.stringify({ request, userId })).digest('base64url')

/** An order asked for: what the shopper sent, and who and where from. */
export interface OrderAsked {
  request: OrderRequest
  /** The Idempotency-Key: one per order meant. */
  key: string
  /** The signed-in shopper, or null for a guest. */
  userId: number | null
  /** The request's client key (server/http/client-address.ts), for the client's bounds. */
  client: string
  /** The site's public origin, for the confirmation's link. */
  origin: string
  /** The request's logger (its id on every line); the use case's own otherwise. */
  log?: Logger
}

export type PlaceOutcome =
  | { placed: StoredOrder; levels: StockLevel[] }
  | Replay
  /** A line unknown, or a quantity the product does not sell (400). */
  | { invalid: string }
  /** The total the shopper saw is not the server's (409). */
  | { repriced: number }
  /** Lines short of stock: nothing was taken (409). */
  | { short: StockLevel[] }

export type PlacedListener = (order: StoredOrder) => void

/**
 * Places orders (docs/api.md § Orders; decisions.md § Orders): prices the request from the
 * catalogue as it stands, shapes the order and its confirmation, and stores them with their
 * client's allowances and stock in one transaction (the storage's placement,
 * server/orders/place-flow.ts). A key used before answers its order, whatever else changed: the
 * key is read once, only when the order is not placed. Once committed, the listeners of `onPlaced`
 * hear of it; the storage tells the live stock of the levels and the mailer that mail is waiting.
 */
export function createOrders({
  store,
  outbox,
  live,
  limits,
  clock,
  brand,
  metrics,
  logger,
}: {
  store: OrderStore
  /** For a confirmation sent again (an order's own mail is queued with it, by the store). */
  outbox: Pick<Outbox, 'queue'>
  live: Pick<LiveStock, 'catalogue'>
  limits: OrderLimiter
  clock: Clock
  brand: string
  metrics?: Pick<Metrics, 'orders' | 'orderValue' | 'stockRefusals' | 'statusChanges'>
  logger?: Logger
}) {
  const placedListeners = new Set<PlacedListener>()
  const counted = (result: string) => metrics?.orders.inc({ result })

  /** A retry of an order placed already, if this is one; else `refused`. */
  async function orReplay(asked: OrderAsked, fingerprint: string, refused: PlaceOutcome) {
    return (await store.replayOf(asked.key, fingerprint)) ?? refused
  }

  async function place(asked: OrderAsked): Promise<PlaceOutcome> {
    const { request, key, userId } = asked
    const fingerprint = fingerprintOf(request, userId)
    const pricing = priceOrder(live.catalogue, request)
    if ('invalid' in pricing) return orReplay(asked, fingerprint, pricing)
    const { priced } = pricing
    if (request.expectedTotal !== undefined && roundCents(request.expectedTotal) !== priced.total)
      return orReplay(asked, fingerprint, { repriced: priced.total })

    const number = newOrderNumber()
    const createdAt = clock.now()
    const { lines, subtotal, discount, total, promoCode } = priced
    const body = {
      number,
      status: 'placed' satisfies OrderStatus,
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
    const mail = confirmationOf(body, asked.origin)
    const allowances = limits.allowancesFor(
      {
        client: asked.client,
        userId,
        email: request.email,
        units: priced.takes.reduce((sum, take) => sum + take.quantity, 0),
      },
      createdAt,
    )
    const result = await store.place({
      order: { number, createdAt, userId, email: request.email.toLowerCase(), body },
      key,
      fingerprint,
      takes: priced.takes,
      mail,
      allowances,
    })
    // Past a bound: 429, with when to come back and why, in a shopper's words (order-limits.ts).
    if ('limited' in result) return limits.refuse(allowances, result.limited, createdAt)
    if ('placed' in result) {
      for (const listener of placedListeners) listener(result.placed)
      metrics?.orderValue.observe(total)
    }
    return result
  }

  /** An order's confirmation, from the order as stored. */
  const confirmationOf = (body: Record<string, unknown>, origin: string) =>
    orderConfirmation(body as unknown as ConfirmedOrder, { brand, origin })

  /**
   * The one door of a status change: decided on the order as it stands, made only if it still
   * stands so (the storage's compare-and-set); when another change came first, decided again on
   * what it left. Each status has at most two ways on, so this ends within a few turns.
   */
  async function change(asked: ChangeAsked): Promise<ChangeOutcome> {
    for (;;) {
      const order = await store.byNumber(asked.number)
      if (!order) return { missing: true }
      const status = statusOf(order)
      if (status === asked.to) return { unchanged: order }
      if (!NEXT_STATUSES[status].includes(asked.to)) return { cannot: order }
      const result = await store.change(changeOf(order, asked, clock.now(), brand))
      if ('changed' in result) return { changed: result.changed }
    }
  }

  return {
    /**
     * Ships, delivers or cancels an order (docs/api.md § Operator): once, whoever asks at the same
     * moment on whichever replica; counted, and logged with its number and who, never the
     * shopper's details.
     */
    async change(asked: ChangeAsked): Promise<ChangeOutcome> {
      const outcome = await change(asked)
      if ('changed' in outcome) {
        metrics?.statusChanges.inc({ to: asked.to })
        ;(asked.log ?? logger)?.info(
          { order: asked.number, status: asked.to, by: asked.by },
          'order status changed',
        )
      }
      return outcome
    },
    /**
     * Queues the order's confirmation again (the shopper lost it, or mistyped a filter): a new
     * message, its id the order's and when, so it is sent whatever became of the first.
     */
    async resendConfirmation(order: StoredOrder, origin: string): Promise<void> {
      const at = clock.now()
      const mail = confirmationOf(order.body, origin)
      await outbox.queue({ ...mail, id: `${mail.id}-confirmation-${at}` }, at)
    },
    /** An order's history: placed, then each change, oldest first. */
    async historyOf(order: StoredOrder) {
      return [
        {
          status: 'placed',
          at: order.createdAt,
          by: order.userId === null ? 'shopper (guest)' : 'shopper',
        },
        ...(await store.historyOf(order.number)),
      ]
    },
    async place(asked: OrderAsked): Promise<PlaceOutcome> {
      const outcome = await place(asked)
      counted(
        'placed' in outcome
          ? 'placed'
          : 'replayed' in outcome
            ? outcome.sameRequest
              ? 'replayed'
              : 'key-reused'
            : 'invalid' in outcome
              ? 'invalid'
              : 'repriced' in outcome
                ? 'repriced'
                : 'short',
      )
      if ('short' in outcome) metrics?.stockRefusals.inc(outcome.short.length)
      // Its number, never the address or any card data; the request's own logger adds its id.
      if ('placed' in outcome)
        (asked.log ?? logger)?.info(
          {
            order: outcome.placed.number,
            total: (outcome.placed.body as { total: number }).total,
            lines: (outcome.placed.body as { lines: unknown[] }).lines.length,
            guest: outcome.placed.userId === null,
          },
          'order placed',
        )
      return outcome
    },
    /** Calls `listener` with each order once it is committed; answers the unsubscribe. */
    onPlaced(listener: PlacedListener): () => void {
      placedListeners.add(listener)
      return () => void placedListeners.delete(listener)
    },
  }
}

export type Orders = ReturnType<typeof createOrders>
