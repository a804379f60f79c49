import { Hono } from 'hono'
import { setTimeout as sleep } from 'node:timers/promises'
import { authRoutes, userRoutes } from './account-routes.ts'
import { readBody } from './body.ts'
import { createCatalogue } from './catalogue.ts'
import type { DummyEnv } from './env.ts'
import { cors, errorResponse, notFound, routingPath, trailingSlash } from './http.ts'
import { imageRoutes } from './image-routes.ts'
import { readOptions } from './list-options.ts'
import { productRoutes } from './product-routes.ts'
import { loadRecords } from './records.ts'

export interface DummyJsonAppOptions {
  /**
   * Where product pictures should come from, e.g. this server's own origin. When set, the records'
   * `https://cdn.dummyjson.com` URLs point there and the app draws those pictures itself; when not,
   * the records keep DummyJSON's CDN URLs (which CI cannot reach).
   */
  imageOrigin?: string
  /**
   * Signs the tokens. The default is the example secret of DummyJSON's `.env.example`, which the
   * recorded answers were made with: not a secret (the tokens guard nothing here), but fixed, so a
   * token outlives a restart of the dialect as it outlives one of dummyjson.com.
   */
  tokenSecret?: string
}

/**
 * A DummyJSON dialect for tests: the public API's answers for the endpoints the storefront uses,
 * over recorded DummyJSON data (recorded/README.md), at the root path as on dummyjson.com. The
 * middleware runs in the order of DummyJSON's Express stack, so errors win in the same order.
 */
export function createDummyJsonApp(options: DummyJsonAppOptions = {}) {
  const { products, user } = loadRecords()
  const catalogue = createCatalogue(products, options.imageOrigin)
  const accounts = { user, secret: options.tokenSecret ?? 'A_VERY_SECRET_KEY' }
  const app = new Hono<DummyEnv>({ getPath: routingPath })
    .use(cors)
    .use(async (c, next) => {
      c.set('body', await readBody(c))
      await next()
    })
    .use(trailingSlash)
    .use(async (c, next) => {
      const query = readOptions(new URL(c.req.url).searchParams)
      c.set('options', query)
      if (query.delay) await sleep(query.delay)
      await next()
    })
  for (const prefix of ['/products', '/product']) app.route(prefix, productRoutes(catalogue))
  app.route('/auth', authRoutes(accounts))
  for (const prefix of ['/users', '/user']) app.route(prefix, userRoutes(accounts))
  if (options.imageOrigin) app.route('/', imageRoutes(catalogue))
  app.notFound(notFound)
  app.onError((error, c) => errorResponse(c, error))
  return app
}
