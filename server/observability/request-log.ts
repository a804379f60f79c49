import type { Context, MiddlewareHandler } from 'hono'
import { requestId } from 'hono/request-id'
import { clientOfRequest, type NodeBindings } from '../http/client-address.ts'
import { matchedRoutes } from 'hono/route'
import { fallbackLogger, type Logger } from './logger.ts'
import type { Metrics } from './metrics.ts'

export const REQUEST_ID_HEADER = 'X-Request-Id'

/**
 * What one request's handlers tell its log line and metrics: the route pattern it matched
 * (`/api/products/:id`, `/product/$id`), never the raw path with its ids.
 */
export interface RequestRecord {
  id: string
  logger: Logger
  route?: string
  /**
   * Who sent it, for the limits that count per client (server/http/client-address.ts): the
   * socket's address, or a trusted proxy's X-Forwarded-For; by its /64 for IPv6.
   */
  client?: string
}

declare module 'hono' {
  interface ContextVariableMap {
    record: RequestRecord
  }
}

export interface ObserveOptions {
  logger: Logger
  metrics: Metrics
  /**
   * TRUST_PROXY: take the request id a proxy sends in X-Request-Id instead of making one, and the
   * client's address it forwards in X-Forwarded-For instead of the socket's.
   */
  trustProxy: boolean
}

/**
 * The site's outermost middleware: a request id (X-Request-Id in, when a trusted proxy sends one,
 * and always out, also in every JSON error body), one log line per request (pino), and the
 * request's duration and in-flight count in the metrics. The line is written here rather than by
 * hono-pino, which makes two child loggers per request and logs its headers unless told not to:
 * this names only whitelisted fields, and costs a request about 5 µs.
 */
export function observeRequests({ logger, metrics, trustProxy }: ObserveOptions) {
  // Hono's: a proxy's id when trusted (word characters, - and =, at most 128: nothing that could
  // forge a log line), otherwise a random UUID.
  const readId = requestId({ headerName: trustProxy ? REQUEST_ID_HEADER : '', limitLength: 128 })
  // Ours: the id on every answer, also those not made through `c` (the API's, delegated whole).
  const assignId: MiddlewareHandler = async (c, next) => {
    const id = c.get('requestId')
    c.set(
      'record',
      new ObservedRequest(id, logger, () =>
        clientOfRequest(c, trustProxy, c.env as NodeBindings | undefined),
      ),
    )
    await next()
    // On the answer itself: Hono's c.header() after the answer is made copies the whole Response.
    try {
      c.res.headers.set(REQUEST_ID_HEADER, id)
    } catch {
      // An answer with immutable headers (one fetched from elsewhere) is copied once.
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set(REQUEST_ID_HEADER, id)
    }
    await withIdInErrorBody(c, id)
  }

  // Each route, method and status's series, looked up once: prom-client hashes the labels of
  // every observation otherwise.
  const series = new Map<string, ReturnType<Metrics['httpDuration']['labels']>>()
  const durationOf = (route: string, method: string, status: number) => {
    const key = `${route} ${method} ${status}`
    let child = series.get(key)
    if (!child) {
      child = metrics.httpDuration.labels({ route, method, status })
      series.set(key, child)
    }
    return child
  }

  const measure: MiddlewareHandler = async (c, next) => {
    metrics.inFlight.inc()
    const started = performance.now()
    try {
      await next()
    } finally {
      metrics.inFlight.dec()
      durationOf(routeOf(c), c.req.method, c.res.status).observe(
        (performance.now() - started) / 1000,
      )
    }
  }

  // Nothing of the request but its method and route: no headers (tokens), no query, no body.
  const log: MiddlewareHandler = async (c, next) => {
    const started = performance.now()
    await next()
    const { status } = c.res
    logger[status >= 500 ? 'error' : 'info'](
      {
        reqId: c.get('record').id,
        method: c.req.method,
        route: routeOf(c),
        status,
        responseTime: Math.round(performance.now() - started),
        ...bytesOf(c.res),
      },
      'request',
    )
  }

  return [readId, assignId, measure, log] as const
}

/**
 * A request's record. Its logger (a pino child, not free) is made only when an error is logged,
 * and its client's address only looked up for a route that limits by client.
 */
class ObservedRequest implements RequestRecord {
  route?: string
  readonly id: string
  readonly #root: Logger
  readonly #clientOf: () => string | undefined
  #child?: Logger
  constructor(id: string, root: Logger, clientOf: () => string | undefined) {
    this.id = id
    this.#root = root
    this.#clientOf = clientOf
  }
  get logger(): Logger {
    return (this.#child ??= this.#root.child({ reqId: this.id }))
  }
  get client(): string | undefined {
    return this.#clientOf()
  }
}

/** The logger of the request an API handler serves (its id on every line), else `logger`. */
export const loggerOf = (record: Partial<RequestRecord> | undefined, logger?: Logger): Logger =>
  record?.logger ?? logger ?? fallbackLogger()

/** The route pattern a request matched, as its handlers recorded it. */
const routeOf = (c: Context) => c.get('record')?.route ?? 'unmatched'

const bytesOf = (response: Response) => {
  const length = response.headers.get('Content-Length')
  return length === null ? {} : { bytes: Number(length) }
}

/** A JSON error answer names the request id, so a shopper's report leads to its log line. */
async function withIdInErrorBody(c: Context, id: string) {
  const { res } = c
  if (res.status < 400 || !res.headers.get('Content-Type')?.startsWith('application/json')) return
  if (res.headers.has('Content-Encoding') || c.req.method === 'HEAD') return
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => undefined)
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return
  const headers = new Headers(res.headers)
  headers.delete('Content-Length')
  c.res = new Response(JSON.stringify({ ...body, requestId: id }), {
    status: res.status,
    headers,
  })
}

/**
 * The API app's side: what `api.fetch(request, record)` was handed by the site. It records the
 * route pattern the API matched, and gives the API's error handler the request's logger. Calls
 * made in-process during a page's render carry none, and record nothing.
 */
export const recordApiRoute: MiddlewareHandler<{ Bindings: Partial<RequestRecord> }> = async (
  c,
  next,
) => {
  await next()
  if (!c.env?.id) return
  // The handler that answered (Hono's index of the one running last); a middleware (ALL) when
  // no route did.
  const handler = matchedRoutes(c)[c.req.routeIndex]
  c.env.route = handler && handler.method !== 'ALL' ? handler.path : 'unmatched'
}
