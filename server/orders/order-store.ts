import type { Allowance, Reservation } from '../limits/attempt-log.ts'
import type { OutboxMessage } from '../mail/outbox.ts'
import type { StockLevel } from './stock-store.ts'

/**
 * Where orders are kept (server/storage: SQLite or PostgreSQL), as the storage contract
 * (testing/order-storage-contract.ts) has both dialects keep them. The rules of taking an order
 * are the order use case's (server/orders/orders.ts); these are what the database must do
 * atomically, in the steps of server/orders/place-flow.ts.
 */

/** A line of stock an order takes. */
export interface Take {
  productId: number
  sku: string | null
  quantity: number
}

/** An order as stored: what the API answers, and what it is found by. */
export interface StoredOrder {
  number: string
  createdAt: number
  userId: number | null
  /** Lower case, as it is looked up. */
  email: string
  /** The order as the API answers it (docs/api.md § Orders). */
  body: Record<string, unknown>
}

export interface Placement {
  order: StoredOrder
  /** The Idempotency-Key the client sent, and what its request said (a hash of it). */
  key: string
  fingerprint: string
  takes: readonly Take[]
  mail: OutboxMessage
  /** What the order draws on its client's bounds (server/orders/order-limits.ts); none for some. */
  allowances: readonly Allowance[]
}

/** An order asked for again with its key: the order, and whether the request was the same. */
export interface Replay {
  replayed: StoredOrder
  sameRequest: boolean
}

export type PlaceResult =
  /** Stored, its allowances and stock taken and its mail queued, in one transaction. */
  | { placed: StoredOrder; levels: StockLevel[] }
  /** The key was used before: its order, and whether the request was the same. */
  | Replay
  /** A line short of stock: nothing was taken. */
  | { short: StockLevel[] }
  /** Past a bound of its client's: nothing was taken; each allowance's entries before. */
  | { limited: Reservation }

/**
 * A change of an order's status, as the order use case decided it (server/orders/orders.ts): made
 * only if the order still has the status it was decided on, with its history entry, its mail and
 * the stock it gives back, in one transaction.
 */
export interface StatusChange {
  /** The order as it is after the change (its body carrying the new status). */
  order: StoredOrder
  /** The status the change was decided on. */
  from: string
  to: string
  at: number
  /** Who made it, as the history names them: an operator's email, `ADMIN_TOKEN`, `shopper`. */
  by: string
  note?: string
  /** The mail it sends, queued with it. */
  mail?: OutboxMessage
  /** The stock it gives back (a cancel's lines). */
  returns: readonly Take[]
}

export type ChangeResult =
  /** Made, with the levels of the stock it gave back (none for most). */
  | { changed: StoredOrder; levels: StockLevel[] }
  /** Not made: the order no longer had `from` (changed at the same moment), or is gone. */
  | { stale: true }

/** An entry of an order's history: a status it took, when and by whom. */
export interface OrderEvent {
  status: string
  at: number
  by: string
  note?: string
}

export interface OrderStore {
  /**
   * In one transaction, all or none (server/orders/place-flow.ts): the order's allowances, its
   * key, the order and its mail, and each line's stock (never below zero, whatever else runs at
   * once, on any replica); then every replica is told the levels. A key already recorded answers
   * its order instead, whatever else has changed.
   */
  place(placement: Placement): Promise<PlaceResult>
  /** The order a key was used for, and whether `fingerprint` is the request it was used with. */
  replayOf(key: string, fingerprint: string): Promise<Replay | undefined>
  byNumber(number: string): Promise<StoredOrder | undefined>
  /** A user's orders, newest first. */
  ofUser(userId: number, page: Page): Promise<{ orders: StoredOrder[]; total: number }>
  /**
   * Every order, newest first, placed at `since` or later; with `status`, those that have it; with
   * `query` (lower case), those whose number begins with it, or whose email or name holds it.
   */
  all(page: OrderFilter): Promise<{ orders: StoredOrder[]; total: number }>
  /**
   * In one transaction, only if the order's status is still `change.from`: its new status and
   * body, its history entry, its mail, and the stock it gives back; then every replica is told
   * the levels. Two changes decided at once on the same status: one is made, the other is stale.
   */
  change(change: StatusChange): Promise<ChangeResult>
  /** An order's changes since it was placed, oldest first. */
  historyOf(number: string): Promise<OrderEvent[]>
  /** Forgets keys recorded before `before` (their orders stay): see IDEMPOTENCY_KEYS_KEPT_MS. */
  pruneKeys(before: number): Promise<void>
}

export interface Page {
  limit: number
  skip: number
}

export interface OrderFilter extends Page {
  since?: number
  status?: string
  query?: string
}

/**
 * How long an Idempotency-Key answers with its order (docs/api.md § Orders: at least 24 h).
 * A week: a checkout left open over a weekend and retried still finds its order.
 */
export const IDEMPOTENCY_KEYS_KEPT_MS = 7 * 24 * 60 * 60_000
