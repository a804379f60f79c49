import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { Logger } from '../observability/logger.ts'
import { loggerOf, type RequestRecord } from '../observability/request-log.ts'
import { StorageUnavailableError } from '../storage/storage.ts'
import { UnknownClientError } from './client-address.ts'
import { Refusal } from './refusal.ts'
import { CACHE_PRIVATE } from './respond.ts'

type ApiContext = Context<{ Bindings: Partial<RequestRecord> }>

/** ours: unknown routes answer JSON too (the public API answers HTML). */
export const routeNotFound: NotFoundHandler = (c) =>
  c.json({ message: `Route not found: ${c.req.method} ${c.req.path}` }, 404)

/**
 * The API's answer to an error a route threw, always JSON: a refusal's status and message, 503 with
 * Retry-After while the database is away, else 500 and a log line. `logger` is for requests that
 * arrive without a record of their own (the site hands one in, with the request's id).
 */
export function apiErrors(logger?: Logger): ErrorHandler<{ Bindings: Partial<RequestRecord> }> {
  return (error, c: ApiContext) => {
    const log = loggerOf(c.env, logger)
    // A limit that counts per client met a request whose client it cannot tell: refused, never
    // counted under one shared key, and logged, since it is the server's set-up that is wrong.
    if (error instanceof UnknownClientError)
      log.error({ path: c.req.path }, 'no client address for a request to a limited route')
    // A refusal thrown by a handler or by one of Hono's middlewares: its status, its message as
    // JSON, and the headers its response carries (a 429's Retry-After), but not its body's type.
    if (error instanceof HTTPException) {
      const headers = [...(error.res?.headers ?? [])].filter(
        ([name]) => !name.startsWith('content-'),
      )
      const fields = error instanceof Refusal ? error.fields : {}
      return c.json({ ...fields, message: error.message }, error.status, {
        ...Object.fromEntries(headers),
        'Cache-Control': CACHE_PRIVATE,
      })
    }
    if (error instanceof StorageUnavailableError) {
      // The database is down or restarting: worth a retry in a moment, not a bug of this request.
      log.warn({ err: error }, error.message)
      return c.json({ message: 'Service temporarily unavailable, please try again' }, 503, {
        'Retry-After': '5',
        'Cache-Control': CACHE_PRIVATE,
      })
    }
    log.error({ err: error }, 'unhandled error')
    return c.json({ message: 'Internal server error' }, 500)
  }
}
