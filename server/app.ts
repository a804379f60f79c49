import { randomBytes } from 'node:crypto'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { createAuthenticate } from './auth/authenticate.ts'
import { LoginThrottle, type ThrottleLimits } from './auth/login-throttle.ts'
import { createPasswordCheck } from './auth/password-check.ts'
import { hashPassword, type ScryptCost } from './auth/password.ts'
import { createSessions } from './auth/sessions.ts'
import { createTokenService } from './auth/tokens.ts'
import { assetUrl, type Catalogue } from './catalogue/catalogue.ts'
import { inProcessSearch, type CatalogueSearch } from './catalogue/search-service.ts'
import type { Clock } from './clock.ts'
import { apiErrors, routeNotFound } from './http/api-errors.ts'
import { CACHE_PRIVATE } from './http/respond.ts'
import { RepresentationCache } from './http/representation-cache.ts'
import { API_CSP, securityHeaders } from './http/security-headers.ts'
import { createProductImages } from './images/product-images.ts'
import { mailSeal } from './mail/sealed-mail.ts'
import type { Logger } from './observability/logger.ts'
import type { Metrics } from './observability/metrics.ts'
import { recordApiRoute, type RequestRecord } from './observability/request-log.ts'
import type { LiveStock } from './orders/live-stock.ts'
import { accountStateRoutes } from './routes/account-state.ts'
import { adminRoutes } from './routes/admin.ts'
import { authRoutes } from './routes/auth.ts'
import { orderRoutes } from './routes/orders.ts'
import { passwordResetRoutes, type ResetLimits } from './routes/password-reset.ts'
import { signInAnswers } from './routes/sign-in-answer.ts'
import { healthRoutes } from './routes/health.ts'
import { imageRoutes } from './routes/images.ts'
import { productRoutes } from './routes/products.ts'
import { telemetryRoutes } from './routes/telemetry.ts'
import { userRoutes } from './routes/users.ts'
import type { Storage } from './storage/storage.ts'
import { createAccountLimits, type AccountLimits } from './users/account-limits.ts'
import { createAccounts } from './users/accounts.ts'
import { toPublicUser } from './users/public-user.ts'
import type { UserRecord } from './users/user-store.ts'

export interface AppDeps {
  /** The bundled catalogue; its stock as the database holds it is `stock`'s. */
  catalogue: Catalogue
  /** The stock as it stands (server/orders/live-stock.ts): what answers show and orders take. */
  stock: LiveStock
  /** The catalogue's search; on the calling thread unless given (the server runs it in workers). */
  searcher?: CatalogueSearch
  /** Users and login attempts: SQLite or PostgreSQL (server/storage). */
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
  /** The login throttle's limits (auth/login-throttle.ts); its defaults unless a test says. */
  throttleLimits?: Partial<ThrottleLimits>
  /** What one address may do with accounts (users/account-limits.ts); defaults unless a test says. */
  accountLimits?: Partial<AccountLimits>
  /** Reset links asked for per address and mailed per account (routes/password-reset.ts). */
  resetLimits?: Partial<ResetLimits>
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
  /** Called once a mail is committed to the outbox (an order's, a reset link's): wakes the mailer. */
  mailQueued?: () => void
}

export const MAX_BODY_BYTES = 64 * 1024
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
  throttleLimits,
  accountLimits,
  resetLimits,
  corsOrigins = [],
  logger,
  metrics,
  cacheBytes = DEFAULT_API_CACHE_BYTES,
  siteUrl,
  adminToken,
  brand = 'Meridian',
  mailQueued,
}: AppDeps) {
  const cache = new RepresentationCache({ maxBytes: cacheBytes })
  metrics?.watchCache('api', cache)
  // An answer showing a product whose stock changed (an order, an operator, another replica) goes.
  stock.onChange((productIds) => cache.forget(productIds))
  const productImages = createProductImages(catalogue)
  const users = storage.users
  const tokens = createTokenService(secret, clock, acceptedSecrets)
  const sessions = createSessions(storage.sessions, clock)
  const authenticate = createAuthenticate(tokens, sessions)
  const throttle = new LoginThrottle(storage.loginAttempts, clock, secret, throttleLimits)
  const checkPassword = createPasswordCheck({
    users,
    throttle,
    metrics,
    decoyHash: hashPassword(randomBytes(16).toString('hex'), scryptCost),
  })
  const accounts = createAccounts(users, scryptCost)
  const limits = createAccountLimits(storage.loginAttempts, clock, accountLimits)
  const originOf = (c: Context) => siteUrl ?? new URL(c.req.url).origin
  const present = (user: UserRecord, c: Context) =>
    toPublicUser(user, `${originOf(c)}${basePath}`, new Date(clock.now()))

  // The site hands each request's record in (its id, logger and route): `api.fetch(request, record)`.
  const app = new Hono<{ Bindings: Partial<RequestRecord> }>().basePath(basePath)

  app.use(recordApiRoute)
  app.use(...securityHeaders(API_CSP))
  if (corsOrigins.length > 0)
    app.use(cors({ origin: [...corsOrigins], credentials: false, maxAge: 600 }))

  // Contract: JSON out is `application/json; charset=utf-8`; Hono's c.json leaves the charset off.
  app.use(async (c, next) => {
    await next()
    if (c.res.headers.get('Content-Type') === 'application/json') {
      c.res.headers.set('Content-Type', 'application/json; charset=utf-8')
    }
  })

  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ message: 'Request body too large (limit 64 KiB)' }, 413),
    }),
  )
  // Answers about users are personal: never stored by a browser or shared cache.
  const noStore: MiddlewareHandler = async (c, next) => {
    await next()
    c.header('Cache-Control', CACHE_PRIVATE)
  }
  for (const personal of ['/auth/*', '/users/*', '/orders', '/orders/*', '/account/*', '/admin/*'])
    app.use(personal, noStore)

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
      queued: mailQueued,
      limits: resetLimits,
      metrics,
      logger,
    }),
  )
  app.route(
    '/users',
    userRoutes({
      users,
      accounts,
      limits,
      sessions,
      resets: storage.passwordResets,
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
      live: stock,
      orders: storage.orders,
      attempts: storage.loginAttempts,
      authenticate,
      clock,
      originOf,
      brand,
      placed: mailQueued,
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
  app.route('/', telemetryRoutes({ metrics, logger, now: () => clock.now() }))

  app.notFound(routeNotFound)
  app.onError(apiErrors(logger))

  return app
}

export type ApiApp = ReturnType<typeof createApp>
