import type { PoolStats } from '../observability/metrics.ts'
import type { LoginAttemptLog } from '../auth/login-throttle.ts'
import type { SessionStore } from '../auth/sessions.ts'
import type { UserStore } from '../users/user-store.ts'

/**
 * The API's shared state: its users, their sessions and the login attempts, in one database. SQLite (one file,
 * one process) by default; PostgreSQL when DATABASE_URL is set, so several replicas act as one.
 * Everything else the API keeps (answer caches, compressed representations) is derived from the
 * read-only catalogue and stays in each process.
 */
export interface Storage {
  readonly users: UserStore
  readonly loginAttempts: LoginAttemptLog
  /** Sign-ins and their refresh tokens: checked on every use of a token, by every replica. */
  readonly sessions: SessionStore
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
