import { orderCancelled, orderShipped, type Tracking } from '../mail/order-mail.ts'
import type { Logger } from '../observability/logger.ts'
import type { StatusChange, StoredOrder, Take } from './order-store.ts'

/**
 * The order's states and what a change of them brings (docs/api.md § Orders; decisions.md
 * § Orders): an order is placed, then shipped and delivered, or cancelled while it is placed.
 * The order use case (orders.ts) is the one door every change goes through: it decides one here
 * on the order as it stands and has the storage make it once, in one transaction with its
 * history entry, its mail and its stock.
 */
export const ORDER_STATUSES = ['placed', 'shipped', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Where each status may go next: nowhere else, ever. */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
}

/** Where a change goes, and what it carries (the tracking, the reason). */
export type StatusAsked =
  { to: 'shipped'; tracking: Tracking } | { to: 'delivered' } | { to: 'cancelled'; reason?: string }

/** A change of status asked for: by an operator (ship, deliver, cancel) or a shopper (cancel). */
export type ChangeAsked = {
  number: string
  /** Who asks, as the order's history names them (order-store.ts, StatusChange). */
  by: string
  /** The site's public origin, for the mail's link. */
  origin: string
  log?: Logger
} & StatusAsked

export type ChangeOutcome =
  /** Made now: its history entry written, its mail queued, its stock given back (a cancel). */
  | { changed: StoredOrder }
  /** It had that status already: nothing done, no second mail (200). */
  | { unchanged: StoredOrder }
  /** Its status cannot go there (a shipped order cancelled, a cancelled one shipped: 409). */
  | { cannot: StoredOrder }
  | { missing: true }

export const statusOf = (order: StoredOrder) => order.body.status as OrderStatus

/** The stock an order's lines took: what a cancel gives back. */
const takesOf = (order: StoredOrder): Take[] =>
  (order.body.lines as { productId: number; sku?: string; quantity: number }[]).map((line) => ({
    productId: line.productId,
    sku: line.sku ?? null,
    quantity: line.quantity,
  }))

/** The change asked for, made on the order as it stands: its new body, mail and stock. */
export function changeOf(
  order: StoredOrder,
  asked: ChangeAsked,
  at: number,
  brand: string,
): StatusChange {
  const when = new Date(at).toISOString()
  const site = { brand, origin: asked.origin }
  const common = { from: statusOf(order), to: asked.to, at, by: asked.by }
  const withBody = (extra: Record<string, unknown>) => ({
    ...order,
    body: { ...order.body, status: asked.to, ...extra },
  })
  switch (asked.to) {
    case 'shipped':
      return {
        ...common,
        order: withBody({ shippedAt: when, tracking: asked.tracking }),
        mail: orderShipped(order, asked.tracking, site),
        returns: [],
      }
    case 'delivered':
      return { ...common, order: withBody({ deliveredAt: when }), returns: [] }
    case 'cancelled':
      return {
        ...common,
        order: withBody({
          cancelledAt: when,
          ...(asked.reason && { cancelReason: asked.reason }),
        }),
        ...(asked.reason && { note: asked.reason }),
        mail: orderCancelled(order, asked.reason, site),
        returns: takesOf(order),
      }
  }
}
