import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { ApiApp } from './app.ts'
import { createRepresentation, type Representation } from './http/representation.ts'
import { RepresentationCache } from './http/representation-cache.ts'
import { allowedHostsOnly, strictTransport } from './http/hosts.ts'
import { CACHE_PRIVATE, CACHE_REVALIDATE, respond } from './http/respond.ts'
import { securityHeaders, spaCsp } from './http/security-headers.ts'
import { createLogger } from './observability/logger.ts'
import { createMetrics, metricsHandlers } from './observability/metrics.ts'
import { observeRequests, type ObserveOptions } from './observability/request-log.ts'
import { createFileHandler, namesAFile, placeholderHandler } from './static/files.ts'
import { findOrderForm } from './pages/find-order-form.ts'
import { createPageHandler } from './pages/page-handler.ts'
import type { AppServer } from '../shared/pages/app-server.ts'

export interface SiteOptions {
  /** Where the built app fetches from when it talks to another API (its CSP allows them). */
  apiOrigins?: readonly string[]
  /** The site's public origin (SITE_URL) for the sitemap and robots.txt. */
  siteUrl?: string
  /**
   * Without `siteUrl`, the hosts a request may name (ALLOWED_HOSTS; default localhost and the
   * loopback addresses): its origin is written into what it is answered (http/hosts.ts).
   */
  allowedHosts?: readonly string[]
  /** The bytes the pages kept in memory may hold (PAGE_CACHE_MB). */
  pageCacheBytes?: number
  /** Tells of products whose stock changed (the API's live stock): pages showing them go. */
  stockChanges?: (listener: (productIds: readonly number[]) => void) => void
  /** Request logs, metrics and /metrics (server/observability); silent, and /metrics off, if unset. */
  observability?: Partial<ObserveOptions> & {
    /** METRICS_TOKEN: the bearer token /metrics asks for; without one, /metrics answers 404. */
    metricsToken?: string
  }
}

/** A built storefront: the client build's folder, and the server entry that renders its pages. */
export interface Storefront {
  clientDir: string
  app: AppServer
}

/**
 * The whole site on one origin: the API under /api, the client build's files, and every other path
 * a page of the app, rendered on the server (or a placeholder page before the first build).
 */
export function createSite(
  api: ApiApp,
  storefront: Storefront | undefined,
  {
    apiOrigins = [],
    siteUrl,
    allowedHosts = ['localhost', '127.0.0.1', '::1'],
    pageCacheBytes,
    stockChanges,
    observability = {},
  }: SiteOptions = {},
) {
  const {
    logger = createLogger({ level: 'silent' }),
    metrics = createMetrics({ processMetrics: false }),
    trustProxy = false,
    metricsToken,
  } = observability
  const named =
    (route: string): MiddlewareHandler =>
    async (c, next) => {
      c.get('record').route = route
      await next()
    }
  const shellPath = storefront && join(storefront.clientDir, 'index.html')
  const shell = shellPath && existsSync(shellPath) ? readFileSync(shellPath, 'utf8') : ''
  // The offline shell's policy; each rendered page carries its own (its inline scripts' hashes).
  const csp = spaCsp(shell, apiOrigins)
  // Delegated whole, so the API's own not-found and error handlers answer everything under /api;
  // the request's record goes along, for the route pattern the API matched and its logger.
  const toApi = (c: Context) => api.fetch(c.req.raw, c.get('record'))
  const site = new Hono()
    .use(...observeRequests({ logger, metrics, trustProxy }))
    .use(strictTransport(siteUrl))
    .use(...securityHeaders(csp))
    // With SITE_URL every absolute URL names it, whatever the Host; without, only hosts it serves.
    .use(allowedHostsOnly(siteUrl ? undefined : allowedHosts))
    .all('/api', toApi)
    .all('/api/*', toApi)
    .get('/metrics', named('/metrics'), ...metricsHandlers(metrics, metricsToken))
  if (!storefront) return site.on(['GET', 'HEAD'], '*', named('placeholder'), placeholderHandler)

  const { app } = storefront
  const file = createFileHandler(storefront.clientDir)
  const backOffice = backOfficeShell(storefront.clientDir, apiOrigins)
  const page = createPageHandler(app, {
    csp: (html) => spaCsp(html, apiOrigins),
    externalApi: apiOrigins.length > 0,
    metrics,
    cacheBytes: pageCacheBytes,
    stockChanges,
  })

  // The sitemap and robots.txt name absolute URLs: one of each per origin, kept (the catalogue
  // does not change while the server runs), a few of them (each counted as 256 KB, more than a
  // sitemap of the bundled catalogue holds).
  const documents = new RepresentationCache<Promise<Representation>>({
    maxBytes: 4 * 2 ** 20,
    sizeOf: () => 256 * 1024,
  })
  const document = (
    c: Context,
    name: string,
    type: string,
    build: (origin: string) => Promise<string>,
  ) => {
    const origin = siteUrl ?? new URL(c.req.url).origin
    return documents
      .getOrCreate(`${name}:${origin}`, async () => createRepresentation(await build(origin), type))
      .then((rep) => respond(c, rep, { cacheControl: CACHE_REVALIDATE }))
  }

  // Find an order sent without JavaScript: its answer, for the shopper who sent it alone.
  const findOrderSent = findOrderForm({ api, ownPage: page.ownPage, siteUrl })

  return site
    .on(['GET', 'HEAD'], '/sitemap.xml', named('/sitemap.xml'), (c) =>
      document(c, 'sitemap', 'application/xml; charset=utf-8', (origin) => app.sitemapXml(origin)),
    )
    .on(['GET', 'HEAD'], '/robots.txt', named('/robots.txt'), (c) =>
      document(c, 'robots', 'text/plain; charset=utf-8', (origin) =>
        Promise.resolve(app.robotsTxt(origin)),
      ),
    )
    .on(['GET', 'HEAD'], ['/admin', '/admin/*'], named('/admin'), backOffice)
    .post('/orders/find', named('/orders/find'), ...findOrderSent)
    .on(['GET', 'HEAD'], '*', (c) => {
      const served = file(c)
      // The build's files are one route for the metrics: their names change with every build.
      c.get('record').route = 'file'
      if (served) return served
      // A missing file (a name with an extension) is a 404; anything else is a page of the app,
      // even with a dot in it (/product/1.5), whose render says whether it exists.
      if (namesAFile(c.req.path)) return c.text('Not found', 404)
      return page(c)
    })
}

/**
 * The operator's back office (admin/, built into the client folder as admin/index.html): one page
 * for every address under /admin, which its app renders in the browser. Stored nowhere (no-store:
 * a shared computer's cache keeps no operator's page), indexed by no search engine, and under its
 * own policy (its inline theme script's hash). Before its first build, a 404.
 */
function backOfficeShell(clientDir: string, apiOrigins: readonly string[]) {
  const path = join(clientDir, 'admin', 'index.html')
  const html = existsSync(path) ? readFileSync(path, 'utf8') : undefined
  const csp = html && spaCsp(html, apiOrigins)
  return (c: Context) => {
    if (!html || !csp) return c.text('Not found', 404)
    // The back office's own files are under /assets/; a name with an extension here is no page.
    if (namesAFile(c.req.path)) return c.text('Not found', 404)
    return c.html(html, 200, {
      'Cache-Control': CACHE_PRIVATE,
      'X-Robots-Tag': 'noindex, nofollow',
      'Content-Security-Policy': csp,
    })
  }
}
