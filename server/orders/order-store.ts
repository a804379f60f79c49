/**
 * Where orders, stock and the mail they send are kept (server/storage: SQLite or PostgreSQL), as
 * the storage contract (testing/storage-contract.ts) has both dialects keep them. The rules of
 * taking an order are the API's (server/orders/); these are what the database must do atomically.
 */

/** A product's stock (`sku` null), or a variant's (`sku` its SKU). */
export interface StockLevel {
  productId: number
  sku: string | null
  stock: number
}

/** A change an operator made (PUT admin/stock), as answered. */
export interface StockChange extends StockLevel {
  before: number
}

export interface StockStore {
  /** Adds the levels not stored yet (the first start, a product new in the catalogue); never changes one. */
  seed(levels: readonly StockLevel[]): Promise<void>
  /** Every level stored. */
  all(): Promise<StockLevel[]>
  /** The levels of these products (theirs and their variants'). */
  of(productIds: readonly number[]): Promise<StockLevel[]>
  /**
   * Sets these levels in one transaction, all or none (an operator's delivery or count), and tells
   * every replica. Undefined when one of them names a level that is not stored.
   */
  set(levels: readonly StockLevel[], at: number): Promise<StockChange[] | undefined>
}

/** A line of stock an order takes. */
export interface Take {
  productId: number
  sku: string | null
  quantity: number
}

/** A message to send once what it tells of is committed (the outbox): an order, a reset link. */
export interface OutboxMessage {
  id: string
  to: string
  subject: string
  text: string
  html: string
}

/**
 * A message whose text and HTML are sealed (server/mail/sealed-mail.ts), for one that carries a
 * secret (a password reset link) the database must never hold in the clear; the mailer opens it.
 */
export interface SealedMessage {
  id: string
  to: string
  subject: string
  sealed: string
}

/** What the outbox holds: a message as it is sent, or sealed. */
export type QueuedMessage = OutboxMessage | SealedMessage

/** An order as stored: what the API answers, and what it is found by. */
export interface StoredOrder {
  number: string
  createdAt: number
  userId: number | null
  /** Lower case, as it is looked up. */
  email: string
  /** The order as the API answers it (api.md § Orders). */
  body: Record<string, unknown>
}

export interface Placement {
  order: StoredOrder
  /** The Idempotency-Key the client sent, and what its request said (a hash of it). */
  key: string
  fingerprint: string
  takes: readonly Take[]
  mail: OutboxMessage
}

export type PlaceResult =
  /** Stored, its stock taken and its mail queued, in one transaction. */
  | { placed: StoredOrder; levels: StockLevel[] }
  /** The key was used before: its order, and whether the request was the same. */
  | { replayed: StoredOrder; sameRequest: boolean }
  /** A line short of stock: nothing was taken. */
  | { short: StockLevel[] }

export interface OrderStore {
  /**
   * In one transaction, all or none: records the key, takes each line's stock (never below zero,
   * whatever else runs at once, on any replica), stores the order and queues its mail; then every
   * replica is told the stock changed. A key already recorded answers its order instead.
   */
  place(placement: Placement): Promise<PlaceResult>
  /** The order a key was used for, and whether `fingerprint` is the request it was used with. */
  replayOf(
    key: string,
    fingerprint: string,
  ): Promise<{ replayed: StoredOrder; sameRequest: boolean } | undefined>
  byNumber(number: string): Promise<StoredOrder | undefined>
  /** A user's orders, newest first. */
  ofUser(userId: number, page: Page): Promise<{ orders: StoredOrder[]; total: number }>
  /** Every order, newest first, placed at `since` or later. */
  all(page: Page & { since?: number }): Promise<{ orders: StoredOrder[]; total: number }>
  /** Forgets keys recorded before `before` (their orders stay): see IDEMPOTENCY_KEYS_KEPT_MS. */
  pruneKeys(before: number): Promise<void>
}

export interface Page {
  limit: number
  skip: number
}

/** A message claimed for sending, with the tries so far, this one included. */
export type ClaimedMessage = QueuedMessage & { attempts: number }

export interface Outbox {
  /** Queues a message outside an order, to be sent from `at` (an order's is queued by `place`). */
  queue(message: QueuedMessage, at: number): Promise<void>
  /**
   * Up to `limit` messages due by `now`, each claimed until `now + leaseMs` by this caller alone,
   * whatever other replicas claim at once.
   */
  claim(now: number, leaseMs: number, limit: number): Promise<ClaimedMessage[]>
  /** The message went: it is never sent again. */
  sent(id: string, at: number): Promise<void>
  /** The message failed: it is tried again at `retryAt`, or never (`null`, given up). */
  failed(id: string, error: string, retryAt: number | null): Promise<void>
  /** Messages not sent yet (given up ones aside). */
  pending(): Promise<number>
}

/**
 * How long an Idempotency-Key answers with its order (api.md § Orders: at least 24 h).
 * A week: a checkout left open over a weekend and retried still finds its order.
 */
export const IDEMPOTENCY_KEYS_KEPT_MS = 7 * 24 * 60 * 60_000
