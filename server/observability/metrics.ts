import type { MiddlewareHandler } from 'hono'
import { bearerAuth } from 'hono/bearer-auth'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/** The outbox's kinds of mail (server/mail/outbox.ts, MAIL_KIND_SQL), each reported, 0 or more. */
const MAIL_KINDS = ['confirmation', 'shipped', 'cancelled', 'reset', 'email-changed'] as const

/** What the database pool reports when scraped (server/storage): connections busy and queries queued. */
export interface PoolStats {
  inUse: number
  waiting: number
}

/** What the cache gauges read of a cache (server/http/representation-cache.ts). */
export interface CacheStats {
  readonly bytes: number
  readonly maxBytes: number
  readonly size: number
}

/**
 * The server's metrics in Prometheus' format (prom-client), in a registry of its own: each replica
 * (and each test) exposes only what it did itself.
 */
export function createMetrics({ processMetrics = true }: { processMetrics?: boolean } = {}) {
  const registry = new Registry()
  if (processMetrics) collectDefaultMetrics({ register: registry })
  const registers = [registry]
  let poolStats: (() => PoolStats) | undefined
  let outboxPending: (() => Promise<Record<string, number>>) | undefined
  let outboxReading: Promise<Record<string, number> | undefined> | undefined
  /**
   * The outbox's waiting mail by kind, read once for both of its gauges: a scrape collects every
   * metric at once, so the second finds the first's query in flight.
   */
  const pendingMail = () =>
    (outboxReading ??= (outboxPending?.() ?? Promise.resolve(undefined))
      .catch(() => undefined)
      .finally(() => (outboxReading = undefined)))
  const caches = new Map<string, CacheStats>()
  const vitalTimes = new Histogram({
    name: 'web_vitals_seconds',
    help: "Shoppers' own page loads (web-vitals): LCP, INP, FCP and TTFB, by route pattern",
    labelNames: ['route', 'metric'] as const,
    buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1, 1.5, 2, 2.5, 3, 4, 6, 10],
    registers,
  })
  const vitalShifts = new Histogram({
    name: 'web_vitals_cls',
    help: "Shoppers' layout shift score (web-vitals CLS), by route pattern",
    labelNames: ['route'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
    registers,
  })
  const earlyTaps = new Counter({
    name: 'early_interactions_total',
    help: 'Taps, keys and changes shoppers made before the app had taken the page over, by route pattern (kept and answered once it had)',
    labelNames: ['route'] as const,
    registers,
  })
  const earlyPages = new Counter({
    name: 'early_interaction_pages_total',
    help: 'Page loads whose shopper reached for a control before the app had taken the page over, by route pattern',
    labelNames: ['route'] as const,
    registers,
  })
  // Labels a browser names: only so many distinct ones, so reports cannot grow the series.
  const routes = boundedLabels(50)
  const builds = boundedLabels(20)

  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    inFlight: new Gauge({
      name: 'http_requests_in_flight',
      help: 'HTTP requests being answered',
      registers,
    }),
    pageRender: new Histogram({
      name: 'page_render_duration_seconds',
      help: 'Time to render a page on the server (not kept ones), by route pattern',
      labelNames: ['route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
    searchDuration: new Histogram({
      name: 'search_duration_seconds',
      help: 'Time to search the catalogue (GET /api/products/search)',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
      registers,
    }),
    loginRefusals: new Counter({
      name: 'login_throttle_refusals_total',
      help: 'Sign-ins refused for too many failures, or asked for a proof of work (429)',
      registers,
    }),
    limitRefusals: new Counter({
      name: 'limit_refusals_total',
      help: 'Requests refused (429) for going past a client limit, by limit (docs/operating.md § Limits): orders-per-address, units-per-address, orders-per-account, units-per-account, all-units-per-address, mails-per-recipient, registrations, name-checks, reset-requests, order-lookups',
      labelNames: ['limit'] as const,
      registers,
    }),
    sessionsEnded: new Counter({
      name: 'sessions_ended_total',
      help: "Sessions ended: sign-out, password-change (the user's others), password-reset (the user's others), refresh-reuse (a spent refresh token came back)",
      labelNames: ['reason'] as const,
      registers,
    }),
    pool: new Gauge({
      name: 'db_pool_connections',
      help: 'Database connections in use, and queries waiting for one (PostgreSQL; SQLite has none)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const stats = poolStats?.() ?? { inUse: 0, waiting: 0 }
        this.set({ state: 'in_use' }, stats.inUse)
        this.set({ state: 'waiting' }, stats.waiting)
      },
    }),
    cacheBytes: new Gauge({
      name: 'cache_bytes',
      help: 'Bytes held by the in-memory caches (api: catalogue answers, pages: rendered pages), and their bound',
      labelNames: ['cache', 'kind'] as const,
      registers,
      collect() {
        for (const [name, cache] of caches) {
          this.set({ cache: name, kind: 'used' }, cache.bytes)
          this.set({ cache: name, kind: 'limit' }, cache.maxBytes)
        }
      },
    }),
    cacheLookups: new Counter({
      name: 'cache_lookups_total',
      help: 'Lookups in the in-memory caches (api: catalogue answers, pages: rendered pages), by result (hit or miss)',
      labelNames: ['cache', 'result'] as const,
      registers,
    }),
    orders: new Counter({
      name: 'orders_total',
      help: 'Order requests by result: placed, replayed (an Idempotency-Key again), short (stock), repriced (the total moved), invalid, limited (past a client limit)',
      labelNames: ['result'] as const,
      registers,
    }),
    orderValue: new Histogram({
      name: 'order_value_dollars',
      help: 'The total of each order placed, in dollars',
      buckets: [10, 25, 50, 100, 250, 500, 1000, 2500, 5000],
      registers,
    }),
    stockRefusals: new Counter({
      name: 'stock_refusals_total',
      help: 'Order lines refused for want of stock',
      registers,
    }),
    statusChanges: new Counter({
      name: 'order_status_changes_total',
      help: 'Order status changes made, by the status reached: shipped, delivered, cancelled',
      labelNames: ['to'] as const,
      registers,
    }),
    mailSent: new Counter({
      name: 'mail_sent_total',
      help: 'Mail the outbox sent, by result: sent, failed (to be tried again), given-up',
      labelNames: ['result'] as const,
      registers,
    }),
    outboxPending: new Gauge({
      name: 'outbox_pending',
      help: 'Mail in the outbox not sent yet (all replicas share it)',
      registers,
      async collect() {
        const pending = await pendingMail()
        if (pending !== undefined) this.set(Object.values(pending).reduce((sum, n) => sum + n, 0))
      },
    }),
    outboxPendingByKind: new Gauge({
      name: 'outbox_pending_by_kind',
      help: 'Mail in the outbox not sent yet, by kind: confirmation, shipped, cancelled, reset, email-changed',
      labelNames: ['kind'] as const,
      registers,
      async collect() {
        const pending = await pendingMail()
        if (pending === undefined) return
        this.reset()
        for (const kind of MAIL_KINDS) this.set({ kind }, pending[kind] ?? 0)
        for (const [kind, n] of Object.entries(pending)) this.set({ kind }, n)
      },
    }),
    cacheEntries: new Gauge({
      name: 'cache_entries',
      help: 'Entries in the in-memory caches',
      labelNames: ['cache'] as const,
      registers,
      collect() {
        for (const [name, cache] of caches) this.set({ cache: name }, cache.size)
      },
    }),
    vitals: {
      /** One report: milliseconds, or CLS's score. */
      observe(route: string, metric: string, value: number) {
        const label = routes(route)
        if (metric === 'CLS') vitalShifts.observe({ route: label }, value)
        else vitalTimes.observe({ route: label, metric }, value / 1000)
      },
      /** One page load's taps before takeover (and whether it had any). */
      early(route: string, count: number) {
        if (count === 0) return
        const label = routes(route)
        earlyTaps.inc({ route: label }, count)
        earlyPages.inc({ route: label })
      },
    },
    clientErrors: (() => {
      const counter = new Counter({
        name: 'client_errors_total',
        help: "Errors reported by shoppers' browsers, by build and kind",
        labelNames: ['build', 'kind'] as const,
        registers,
      })
      return {
        inc: ({ build, kind }: { build: string; kind: string }) =>
          counter.inc({ build: builds(build), kind }),
      }
    })(),
    /** Where the pool gauge reads from, once the storage is open. */
    watchPool(stats: () => PoolStats) {
      poolStats = stats
    },
    /** Where the outbox gauge reads from, once the storage is open. */
    watchOutbox(pending: () => Promise<Record<string, number>>) {
      outboxPending = pending
    },
    /** A cache whose size the cache gauges report, under `name`. */
    watchCache(name: string, cache: CacheStats) {
      caches.set(name, cache)
    },
  }
}

export type Metrics = ReturnType<typeof createMetrics>

/** A label value as given while fewer than `max` are known; `other` after that. */
function boundedLabels(max: number) {
  const known = new Set<string>()
  return (value: string) => {
    if (known.has(value)) return value
    if (known.size >= max) return 'other'
    known.add(value)
    return value
  }
}

/**
 * GET /metrics for Prometheus: only with `Authorization: Bearer <METRICS_TOKEN>` (Hono's
 * bearerAuth, which compares in constant time). Without a token configured there is nothing to
 * see (404): metrics are never public.
 */
export function metricsHandlers(metrics: Metrics, token: string | undefined): MiddlewareHandler[] {
  if (!token) return [(c) => Promise.resolve(c.json({ message: 'Not found' }, 404))]
  const refused = { message: 'Metrics need a bearer token' }
  return [
    bearerAuth({
      token,
      realm: 'metrics',
      noAuthenticationHeader: { message: refused },
      invalidAuthenticationHeader: { message: refused },
      invalidToken: { message: refused },
    }),
    async (c) =>
      c.body(await metrics.registry.metrics(), 200, {
        'Content-Type': metrics.registry.contentType,
        'Cache-Control': 'no-store',
      }),
  ]
}
