import type { PoolStats } from '../observability/metrics.ts'
import type { AttemptLog } from '../limits/attempt-log.ts'
import type { PasswordResetStore } from '../auth/password-resets.ts'
import type { SessionStore } from '../auth/sessions.ts'
import type { UserStore } from '../users/user-store.ts'
import type { OrderStore } from '../orders/order-store.ts'
import type { StockStore } from '../orders/stock-store.ts'
import type { Outbox } from '../mail/outbox.ts'
import type { AccountStateStore } from '../account/account-store.ts'
import type { OperatorStore } from '../operators/operator-store.ts'

/**
 * The API's shared state: its users, their sessions, the login attempts, the stock, the orders, the
 * password reset links and the mail they send, and each account's cart, saved items and address,
 * in one database. SQLite (one file, one process) by default; PostgreSQL when
 * DATABASE_URL is set, so several replicas act as one. Everything else the API keeps (answer
 * caches, compressed representations) is derived from the catalogue and its stock, and stays in
 * each process.
 */
export interface Storage {
  readonly users: UserStore
  /** What clients did, counted for their limits (server/limits): sign-ins, registrations, orders. */
  readonly loginAttempts: AttemptLog
  /** Sign-ins and their refresh tokens: checked on every use of a token, by every replica. */
  readonly sessions: SessionStore
  /** Each product's and variant's stock, which orders take and operators set; it tells of changes. */
  readonly stock: StockStore
  readonly orders: OrderStore
  /** Mail to send once an order or a reset link is committed, sent by one replica each (server/mail). */
  readonly outbox: Outbox
  /** Each account's copy of its cart, saved items and address (docs/api.md § Account state). */
  readonly accountState: AccountStateStore
  /** Password reset links: their tokens' hashes, and whether each was used. */
  readonly passwordResets: PasswordResetStore
  /** The shop's operators, apart from shoppers, and their sessions. */
  readonly operators: OperatorStore
  /** Resolves when the database answers a query; rejects with StorageUnavailableError otherwise. */
  ping(): Promise<void>
  /** Waits for the queries under way, then closes the database (or its connection pool). */
  close(): Promise<void>
  /** A connection pool's use, for the metrics (PostgreSQL; SQLite has no pool). */
  poolStats?: () => PoolStats
}

/** The database cannot be reached (down, restarting, network): the API answers 503, not 500. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(
      `The database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    )
    this.name = 'StorageUnavailableError'
  }
}

/** A migration: applied once, in version order, on start-up. Never edited once released. */
export interface Migration {
  version: number
  name: string
  sql: string
}
