import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { LRUCache } from 'lru-cache'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import * as v from 'valibot'
import { jsonBody } from '../http/body.ts'
import { requireClient } from '../http/client-address.ts'
import { DEFAULT_CLIENT_LIMITS, type Rate } from '../limits/limit-settings.ts'
import type { Logger } from '../observability/logger.ts'
import type { Metrics } from '../observability/metrics.ts'
import { loggerOf, type RequestRecord } from '../observability/request-log.ts'

/** A route pattern as the app names it (`/product/$id`): never an address with ids or a query. */
const routePattern = v.pipe(v.string(), v.regex(/^(\/[\w$.-]{0,60}){1,6}$|^not-found$/))
const buildId = v.pipe(v.string(), v.regex(/^[\w.-]{1,40}$/))

/** One page's field data (web-vitals), sent once as the page is hidden (`navigator.sendBeacon`). */
export const vitalsSchema = v.strictObject({
  route: routePattern,
  build: buildId,
  connection: v.optional(v.picklist(['slow-2g', '2g', '3g', '4g'])),
  /** Taps, keys and changes the page took before the app had taken it over (src/lib/early-events.ts). */
  early: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000))),
  metrics: v.pipe(
    v.array(
      v.strictObject({
        name: v.picklist(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']),
        // Milliseconds (CLS: a score); a minute is far past anything a page could measure.
        value: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(60_000)),
      }),
    ),
    v.minLength(1),
    v.maxLength(5),
  ),
})

/** An error in a shopper's browser: no URL, query, form values or storage (the app sends none). */
export const clientErrorSchema = v.strictObject({
  kind: v.picklist(['caught', 'uncaught', 'error', 'unhandledrejection']),
  message: v.pipe(v.string(), v.maxLength(500)),
  stack: v.optional(v.pipe(v.string(), v.maxLength(4000))),
  route: routePattern,
  build: buildId,
})

/** How many clients are remembered. */
const CLIENTS_KEPT = 10_000

/**
 * Counts per client in fixed windows, on the injected clock; the least recently seen clients are
 * forgotten past CLIENTS_KEPT (lru-cache), so a flood of addresses cannot grow memory. Answers 0
 * when the client may go ahead, else the milliseconds until its window ends.
 */
export function createRateLimit(
  now: () => number,
  { limit, windowMs }: Rate = DEFAULT_CLIENT_LIMITS.reportsPerAddress,
) {
  const windows = new LRUCache<string, { start: number; count: number }>({ max: CLIENTS_KEPT })
  return (client: string): number => {
    const at = now()
    let window = windows.get(client)
    if (!window || at - window.start >= windowMs) {
      window = { start: at, count: 0 }
      windows.set(client, window)
    }
    window.count += 1
    return window.count <= limit ? 0 : window.start + windowMs - at
  }
}

interface TelemetryDeps {
  metrics?: Pick<Metrics, 'vitals' | 'clientErrors'>
  logger?: Logger
  now: () => number
  /** Reports one client may send per endpoint (LIMIT_REPORTS_PER_ADDRESS). */
  rate?: Rate
  /** TRUSTED_CLIENTS: not counted. */
  trusted?: (client: string) => boolean
}

/**
 * ours: POST /api/vitals and /api/client-errors (decisions.md § Operations), answered 204. Bodies are capped
 * (4 KB, 8 KB), checked against strict schemas (400 otherwise, nothing kept) and limited per
 * client (429).
 */
export function telemetryRoutes({
  metrics,
  logger,
  now,
  rate,
  trusted = () => false,
}: TelemetryDeps) {
  type Env = { Bindings: Partial<RequestRecord> }
  /** Counts the report against its client's allowance before its body is read. */
  const limited = () => {
    const allow = createRateLimit(now, rate)
    return createMiddleware<Env>(async (c, next) => {
      const client = requireClient(c)
      const waitMs = trusted(client) ? 0 : allow(client)
      if (waitMs > 0)
        throw new HTTPException(429, {
          message: 'Too many reports, please slow down',
          res: new Response(null, {
            headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) },
          }),
        })
      await next()
    })
  }
  const capped = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => c.json({ message: `Report too large (limit ${maxSize} bytes)` }, 413),
    })

  return new Hono<Env>()
    .post(
      '/vitals',
      capped(4096),
      limited(),
      jsonBody(vitalsSchema, { anyContentType: true }),
      (c) => {
        const report = c.req.valid('json')
        for (const { name, value } of report.metrics)
          metrics?.vitals.observe(report.route, name, value)
        if (report.early !== undefined) metrics?.vitals.early(report.route, report.early)
        return c.body(null, 204)
      },
    )
    .post(
      '/client-errors',
      capped(8192),
      limited(),
      jsonBody(clientErrorSchema, { anyContentType: true }),
      (c) => {
        const report = c.req.valid('json')
        metrics?.clientErrors.inc({ build: report.build, kind: report.kind })
        loggerOf(c.env, logger).warn({ clientError: report }, 'client error')
        return c.body(null, 204)
      },
    )
}
