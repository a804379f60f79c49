import type { Context } from 'hono'
import { createAccountServices } from './auth/account-services.ts'
import { assetUrl } from './catalogue/catalogue.ts'
import { inProcessSearch } from './catalogue/search-service.ts'
import { apiErrors, routeNotFound } from './http/api-errors.ts'
import { RepresentationCache } from './http/representation-cache.ts'
import { apiFrame } from './http/api-frame.ts'
import { createProductImages } from './images/product-images.ts'
import { mailSeal } from './mail/sealed-mail.ts'
import { createOrderLimits } from './orders/order-limits.ts'
import { createOrders } from './orders/orders.ts'
import { DEFAULT_CLIENT_LIMITS } from './limits/limit-settings.ts'
import { DEFAULT_API_CACHE_BYTES, type AppDeps } from './app-deps.ts'
import { trustedClients as trustedOf } from './limits/trusted-clients.ts'
import { accountStateRoutes } from './routes/account-state.ts'
import { adminRoutes } from './routes/admin.ts'
import { createOperatorSessions } from './operators/operator-sessions.ts'
import { authRoutes } from './routes/auth.ts'
import { orderRoutes } from './routes/orders.ts'
import { passwordResetRoutes } from './routes/password-reset.ts'
import { signInAnswers } from './routes/sign-in-answer.ts'
import { healthRoutes } from './routes/health.ts'
import { imageRoutes } from './routes/images.ts'
import { productRoutes } from './routes/products.ts'
import { telemetryRoutes } from './routes/telemetry.ts'
import { userRoutes } from './routes/users.ts'
import { toPublicUser } from './users/public-user.ts'
import type { UserRecord } from './users/user-store.ts'

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
  const {
    tokens,
    sessions,
    authenticate,
    throttle,
    decoyHash,
    checkPassword,
    accounts,
    accountLimits,
  } = createAccountServices({
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
  const orders = createOrders({
    store: storage.orders,
    outbox: storage.outbox,
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
  })
  app.route(
    '/orders',
    orderRoutes({
      orders,
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
      operators: createOperatorSessions({
        store: storage.operators,
        throttle,
        clock,
        decoyHash,
        metrics,
      }),
      isShopperToken: (token) => tokens.verify(token, 'access') !== undefined,
      orders,
      store: storage.orders,
      outbox: storage.outbox,
      originOf,
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
