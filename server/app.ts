import type { Context } from 'hono'
import type { ThrottleLimits } from './auth/login-throttle.ts'
import type { ScryptCost } from './auth/password.ts'
import { createAccountServices } from './auth/account-services.ts'
import { assetUrl, type Catalogue } from './catalogue/catalogue.ts'
import { inProcessSearch, type CatalogueSearch } from './catalogue/search-service.ts'
import type { Clock } from './clock.ts'
import { apiErrors, routeNotFound } from './http/api-errors.ts'
import { RepresentationCache } from './http/representation-cache.ts'
import { apiFrame } from './http/api-frame.ts'
import { createProductImages } from './images/product-images.ts'
import { mailSeal } from './mail/sealed-mail.ts'
import type { Logger } from './observability/logger.ts'
import type { Metrics } from './observability/metrics.ts'
import type { LiveStock } from './orders/live-stock.ts'
import { createOrderLimits } from './orders/order-limits.ts'
import { createOrders } from './orders/orders.ts'
import { DEFAULT_CLIENT_LIMITS, type ClientLimits } from './limits/limit-settings.ts'
import { trustedClients as trustedOf } from './limits/trusted-clients.ts'
import { accountStateRoutes } from './routes/account-state.ts'
import { adminRoutes } from './routes/admin.ts'
import { authRoutes } from './routes/auth.ts'
import { orderRoutes } from './routes/orders.ts'
import { passwordResetRoutes } from './routes/password-reset.ts'
import { signInAnswers } from './routes/sign-in-answer.ts'
import { healthRoutes } from './routes/health.ts'
import { imageRoutes } from './routes/images.ts'
import { productRoutes } from './routes/products.ts'
import { telemetryRoutes } from './routes/telemetry.ts'
import { userRoutes } from './routes/users.ts'
import type { Storage } from './storage/storage.ts'
import { toPublicUser } from './users/public-user.ts'
import type { UserRecord } from './users/user-store.ts'

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
  /** ADMIN_TOKEN: the bearer token of the operator's routes; without one they answer 404. */
  adminToken?: string
  /** The shop's name in the mail it sends. */
  brand?: string
}

/** What the catalogue answers kept in memory may hold together (API_CACHE_MB), by default. */
export const DEFAULT_API_CACHE_BYTES = 16 * 2 ** 20

/**
 * The catalogue API as one Hono app. The production server, Vite's dev server and the tests all
 * mount what this returns, so they exercise the same request handler.
 */
export function createApp({
  catalogue,
  stock,
  searcher = inProcessSearch(catalogue),
  storage,
  secret,
  acceptedSecrets,
  clock,
  basePath = '/api',
  scryptCost,
  proofOfWork,
  limits: limitSettings,
  trustedClients = [],
  corsOrigins = [],
  logger,
  metrics,
  cacheBytes = DEFAULT_API_CACHE_BYTES,
  siteUrl,
  adminToken,
  brand = 'Meridian',
}: AppDeps) {
  const cache = new RepresentationCache({ maxBytes: cacheBytes })
  metrics?.watchCache('api', cache)
  // An answer showing a product whose stock changed (an order, an operator, another replica) goes.
  stock.onChange((productIds) => cache.forget(productIds))
  const productImages = createProductImages(catalogue)
  const users = storage.users
  const limits = { ...DEFAULT_CLIENT_LIMITS, ...limitSettings }
  const trusted = trustedOf(trustedClients)
  const refused = (limit: string) => metrics?.limitRefusals.inc({ limit })
  const { tokens, sessions, authenticate, throttle, checkPassword, accounts, accountLimits } =
    createAccountServices({
      storage,
      secret,
      acceptedSecrets,
      clock,
      scryptCost,
      limits,
      trusted,
      proofOfWork,
      metrics,
    })
  const originOf = (c: Context) => siteUrl ?? new URL(c.req.url).origin
  const present = (user: UserRecord, c: Context) =>
    toPublicUser(user, `${originOf(c)}${basePath}`, new Date(clock.now()))

  // The site hands each request's record in (its id, logger and route): `api.fetch(request, record)`.
  const app = apiFrame(basePath, corsOrigins)

  app.route('/health', healthRoutes({ ping: () => storage.ping() }))
  app.route(
    '/products',
    productRoutes({
      catalogue: stock.catalogue,
      searcher,
      cache,
      originOf,
      apiBase: basePath,
      versionedImage: (path) => productImages.versioned(path),
      metrics,
    }),
  )
  app.route('/images', imageRoutes({ catalogue, productImages, cache }))
  app.route(
    '/auth',
    authRoutes({ users, tokens, sessions, authenticate, checkPassword, clock, present, metrics }),
  )
  app.route(
    '/auth',
    passwordResetRoutes({
      users,
      resets: storage.passwordResets,
      attempts: storage.loginAttempts,
      sessions,
      throttle,
      signIn: signInAnswers({ tokens, sessions, clock, present }).signIn,
      seal: mailSeal(secret, acceptedSecrets),
      clock,
      originOf,
      brand,
      scryptCost,
      limits,
      trusted,
      refused: () => refused('reset-requests'),
      metrics,
      logger,
    }),
  )
  app.route(
    '/users',
    userRoutes({
      users,
      accounts,
      limits: accountLimits,
      sessions,
      resets: storage.passwordResets,
      outbox: storage.outbox,
      brand,
      authenticate,
      checkPassword,
      present,
      clock,
      metrics,
    }),
  )
  app.route(
    '/orders',
    orderRoutes({
      orders: createOrders({
        store: storage.orders,
        live: stock,
        limits: createOrderLimits({
          clock,
          limits,
          trusted,
          refused: (bound) => {
            metrics?.orders.inc({ result: 'limited' })
            refused(bound)
          },
        }),
        clock,
        brand,
        metrics,
        logger,
      }),
      store: storage.orders,
      attempts: storage.loginAttempts,
      lookups: limits.orderLookupsPerAddress,
      trusted,
      authenticate,
      clock,
      originOf,
      metrics,
      logger,
    }),
  )
  app.route(
    '/account/state',
    accountStateRoutes({
      store: storage.accountState,
      live: stock,
      authenticate,
      clock,
      thumbnailOf: (c, path) =>
        assetUrl(path, {
          origin: originOf(c),
          apiBase: basePath,
          versionedImage: (image) => productImages.versioned(image),
        }),
    }),
  )
  app.route(
    '/admin',
    adminRoutes({
      token: adminToken,
      orders: storage.orders,
      stock: storage.stock,
      live: stock,
      clock,
      logger,
    }),
  )
  app.route(
    '/',
    telemetryRoutes({
      metrics,
      logger,
      now: () => clock.now(),
      rate: limits.reportsPerAddress,
      trusted,
    }),
  )

  app.notFound(routeNotFound)
  app.onError(apiErrors(logger))

  return app
}

export type ApiApp = ReturnType<typeof createApp>
