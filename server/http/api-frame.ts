import { Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { recordApiRoute, type RequestRecord } from '../observability/request-log.ts'
import { CACHE_PRIVATE } from './respond.ts'
import { API_CSP, securityHeaders } from './security-headers.ts'

/** The largest request body the API reads (413 past it). */
export const MAX_BODY_BYTES = 64 * 1024

/** Where the answers are about a shopper: never stored by a browser or a shared cache. */
const PERSONAL = ['/auth/*', '/users/*', '/orders', '/orders/*', '/account/*', '/admin/*']

/**
 * The API's frame, before any route: the request's record (the route it matched), the security
 * headers and the API's own policy, CORS for the origins allowed (none by default), JSON answers
 * named with their charset (the contract's `application/json; charset=utf-8`; Hono's `c.json`
 * leaves it off), the body limit, and `no-store` on every personal answer.
 */
export function apiFrame(basePath: string, corsOrigins: readonly string[]) {
  const app = new Hono<{ Bindings: Partial<RequestRecord> }>().basePath(basePath)
  app.use(recordApiRoute)
  app.use(...securityHeaders(API_CSP))
  if (corsOrigins.length > 0)
    app.use(cors({ origin: [...corsOrigins], credentials: false, maxAge: 600 }))
  app.use(async (c, next) => {
    await next()
    if (c.res.headers.get('Content-Type') === 'application/json')
      c.res.headers.set('Content-Type', 'application/json; charset=utf-8')
  })
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ message: 'Request body too large (limit 64 KiB)' }, 413),
    }),
  )
  const noStore: MiddlewareHandler = async (c, next) => {
    await next()
    c.header('Cache-Control', CACHE_PRIVATE)
  }
  for (const personal of PERSONAL) app.use(personal, noStore)
  return app
}
