import type { ThrottleLimits } from './auth/login-throttle.ts'
import type { ScryptCost } from './auth/password.ts'
import type { Catalogue } from './catalogue/catalogue.ts'
import type { CatalogueSearch } from './catalogue/search-service.ts'
import type { Clock } from './clock.ts'
import type { ClientLimits } from './limits/limit-settings.ts'
import type { Logger } from './observability/logger.ts'
import type { Metrics } from './observability/metrics.ts'
import type { LiveStock } from './orders/live-stock.ts'
import type { Storage } from './storage/storage.ts'

/**
 * What the API needs (server/app.ts's createApp): the catalogue and its live stock, the storage,
 * the secrets, the clock, and the settings a deployment or a test gives it.
 */
export interface AppDeps {
  /** The bundled catalogue; its stock as the database holds it is `stock`'s. */
  catalogue: Catalogue
  /** The stock as it stands (server/orders/live-stock.ts): what answers show and orders take. */
  stock: LiveStock
  /** The catalogue's search; on the calling thread unless given (the server runs it in workers). */
  searcher?: CatalogueSearch
  /** Everything the API keeps: SQLite or PostgreSQL (server/storage). */
  storage: Storage
  /** HS256 signing secret for access and refresh tokens. */
  secret: string
  /** Secrets whose tokens are still accepted (rotation); never used to sign. */
  acceptedSecrets?: readonly string[]
  clock: Clock
  /** Where the API is mounted; product image URLs include it. Default `/api`. */
  basePath?: string
  /** Lower in tests only, where hundreds of hashes would otherwise dominate the run time. */
  scryptCost?: ScryptCost
  /** The sign-in's proof of work, easier in tests only: its hashing is real work on a busy machine. */
  proofOfWork?: ThrottleLimits['proof']
  /** What one client may do (server/limits/limit-settings.ts, the LIMIT_… settings); defaults unless given. */
  limits?: Partial<ClientLimits>
  /** TRUSTED_CLIENTS: addresses or CIDR ranges not held to the limits keyed on an address. */
  trustedClients?: readonly string[]
  /** Origins allowed to call the API from another site (CORS); none by default. */
  corsOrigins?: readonly string[]
  /** Errors outside a request the site handed in (which brings its own, with its id). */
  logger?: Logger
  /** Search latency and login refusals (server/observability/metrics.ts); none in most tests. */
  metrics?: Metrics
  /** The bytes the catalogue answers kept in memory may hold (API_CACHE_MB). */
  cacheBytes?: number
  /**
   * The site's public origin (SITE_URL) for the absolute URLs answers carry (pictures); without it,
   * the request's own, which the site lets through only for hosts it serves (http/hosts.ts).
   */
  siteUrl?: string
  /** ADMIN_TOKEN: a bearer token for scripts on the operator's routes, beside operators' sessions. */
  adminToken?: string
  /** The shop's name in the mail it sends. */
  brand?: string
}

/** What the catalogue answers kept in memory may hold together (API_CACHE_MB), by default. */
export const DEFAULT_API_CACHE_BYTES = 16 * 2 ** 20
