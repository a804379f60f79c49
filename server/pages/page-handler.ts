import type { Context } from 'hono'
import { createRepresentation, type Representation } from '../http/representation.ts'
import { RepresentationCache, representationBytes } from '../http/representation-cache.ts'
import { CACHE_PRIVATE, respond } from '../http/respond.ts'
import type { Metrics } from '../observability/metrics.ts'
import type { RequestRecord } from '../observability/request-log.ts'
import type { AppServer, RenderOptions } from '../../shared/pages/app-server.ts'
import type { LRUCache } from 'lru-cache'

/**
 * The same HTML for every shopper (decisions.md § Server rendering), so a CDN may keep a page for a minute and serve
 * it while it asks again for ten; browsers revalidate it each time (ETag, 304).
 */
export const CACHE_PAGE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600'
/** A page that does not exist may become one (a new product): kept a minute, no longer. */
export const CACHE_MISSING = 'public, max-age=0, s-maxage=60'

/** How long a render waits for another API (VITE_API_URL) before it sends the layout instead. */
export const EXTERNAL_API_DEADLINE_MS = 1500
/**
 * How long a rendered page is kept. Its data carries the time it was loaded, and the app takes
 * data younger than 5 minutes as fresh (src/lib/query-client.ts): a page kept longer would have
 * every browser ask again, after hydrating, for what its HTML already shows. Another API's
 * catalogue may also change.
 */
const PAGE_TTL_MS = 60_000
/**
 * What the pages kept in memory may hold together (PAGE_CACHE_MB), by default: each is a few tens
 * of KB with its compressed forms, and arbitrary query strings cannot grow memory beyond it.
 */
export const DEFAULT_PAGE_CACHE_BYTES = 32 * 2 ** 20
/** A page's place in the cache until its render is done and measured. */
const RENDERING_BYTES = 64 * 1024

type Page = {
  /** The route pattern the page matched (`/product/$id`), for its log line and metrics. */
  route: string
  status: number
  /** Whether it may be kept: not a layout sent for want of its data. */
  complete: boolean
  /** The products it shows, and the cache's change count when their data was read. */
  productIds: readonly number[]
  readAt: number
} & (
  | {
      representation: Representation
      /** The page's Content-Security-Policy: its own inline scripts by hash. */
      csp: string
      cacheControl: string
      /** A referrer policy of the route's own (none: the site's). */
      referrerPolicy?: string
    }
  | { location: string }
)

export interface PageOptions {
  /** The policy for a page's HTML (server/http/security-headers.ts). */
  csp: (html: Uint8Array) => string
  /** The app reads another API over the network: renders get a deadline. */
  externalApi: boolean
  /** Times each render (page_render_duration_seconds), by route pattern; the cache's size and hits. */
  metrics?: Pick<Metrics, 'pageRender' | 'watchCache' | 'cacheLookups'>
  /** The bytes the pages kept may hold (PAGE_CACHE_MB). */
  cacheBytes?: number
  /** Tells of products whose stock changed: a page showing one is rendered again. */
  stockChanges?: (listener: (productIds: readonly number[]) => void) => void
}

/** The bytes a kept page holds: its HTML, the compressed forms made so far and its policy. */
const pageBytes = (page: Page) =>
  'representation' in page
    ? representationBytes(page.representation) + page.csp.length * 2
    : page.location.length * 2

/**
 * Pages of the app, rendered by its server entry and kept per URL. A render that could not have
 * its data (the API failed, or another API was slower than the deadline) sends the page's layout
 * instead, which the browser fills in as it would after a navigation: never an error page for a
 * slow upstream, and never kept.
 */
export function createPageHandler(
  app: AppServer,
  { csp, externalApi, metrics, cacheBytes = DEFAULT_PAGE_CACHE_BYTES, stockChanges }: PageOptions,
) {
  /** A page rendered now; `own`, one shopper's (see `ownPage`), sent whole whatever it lacks. */
  async function renderPage(url: string, own?: RenderOptions): Promise<Page> {
    // A request of the server's own: nothing of the shopper's (cookies, headers) reaches the render.
    const request = new Request(url, { headers: { Accept: 'text/html' } })
    const signal = externalApi ? AbortSignal.timeout(EXTERNAL_API_DEADLINE_MS) : undefined
    const started = performance.now()
    const readAt = pages.changes
    const rendered = await app.render(request, { signal, ...own })
    const { complete, route = 'unmatched', productIds = [] } = rendered
    metrics?.pageRender.observe({ route }, (performance.now() - started) / 1000)
    let { response } = rendered
    if (!complete && !own) {
      await response.body?.cancel()
      ;({ response } = await app.render(request, { shell: true }))
    }
    const location = response.headers.get('Location')
    if (location) return { route, status: response.status, complete, productIds, readAt, location }
    // Bytes as rendered: decoding the page to text and encoding it again costs more than the
    // policy's hashes need (inlineScriptHashes).
    const html = Buffer.from(await response.arrayBuffer())
    // A route may say its page is not to be stored anywhere, or sent on without its address (its
    // route's `headers`: /reset-password, whose link holds a token, rules.md § Password reset).
    // Its page is kept here all the same: it is kept for its path alone, and holds nothing of
    // the shopper's (pageUrl reads only the query its routes read).
    const routes = response.headers.get('Cache-Control')
    const cacheControl =
      !complete || own
        ? CACHE_PRIVATE
        : (routes ?? (response.status === 200 ? CACHE_PAGE : CACHE_MISSING))
    const referrerPolicy = response.headers.get('Referrer-Policy') ?? undefined
    return {
      route,
      status: response.status,
      complete,
      productIds,
      readAt,
      representation: createRepresentation(html, 'text/html; charset=utf-8'),
      csp: csp(html),
      cacheControl,
      referrerPolicy,
    }
  }

  // Each URL's page, rendered once while it is kept (a minute), by one render that every request
  // for it meanwhile shares (lru-cache's fetch); within the cache's bytes, least recently used out.
  const pages = new RepresentationCache<Page>({
    maxBytes: cacheBytes,
    sizeOf: pageBytes,
    fetch: {
      make: renderPage,
      ttlMs: PAGE_TTL_MS,
      makingBytes: RENDERING_BYTES,
      now: () => Date.now(),
    },
  })
  metrics?.watchCache('pages', pages)
  stockChanges?.((productIds) => pages.forget(productIds))

  /** The page for a URL: kept, being rendered, or rendered now. */
  async function pageFor(url: string): Promise<Page> {
    const status: LRUCache.Status<string, Page> = {}
    const page = await pages.fetch(url, { status })
    if (!page) throw new Error(`The page for ${url} could not be rendered`)
    const shared = status.fetch === 'hit' || status.fetch === 'inflight'
    metrics?.cacheLookups.inc({ cache: 'pages', result: shared ? 'hit' : 'miss' })
    // A layout sent for want of its data is for the requests that waited for it, and no later one.
    if (!page.complete && pages.peek(url) === page) pages.delete(url)
    else if (status.fetch === 'miss' || status.fetch === 'stale')
      pages.showsProducts(url, page.productIds, page.readAt)
    return page
  }

  /** A page answered as rendered: its status (or `status`), its policy, its referrer policy. */
  function answer(c: Context, page: Page, status = page.status): Response {
    const record = c.get('record') as RequestRecord | undefined
    if (record) record.route = page.route
    if ('location' in page) return c.redirect(kept(c.req.url, page.location), page.status as 301)
    const response = respond(c, page.representation, {
      cacheControl: page.cacheControl,
      status: status as 200,
    })
    response.headers.set('Content-Security-Policy', page.csp)
    if (page.referrerPolicy) response.headers.set('Referrer-Policy', page.referrerPolicy)
    return response
  }

  const handler = async (c: Context): Promise<Response> => {
    const url = app.pageUrl(c.req.url)
    const response = answer(c, await pageFor(url))
    // Answering may have added a compressed form, which the cache counts.
    pages.remeasure(url)
    return response
  }

  /**
   * The request's page for one shopper alone (Find an order's answer, sent without JavaScript):
   * rendered for this request with `own`, never kept nor shared with another request (the cache
   * holds pages for their address, the same for everyone), and sent no-store with the status
   * `statusOf` says once it is rendered (the page's own when that is not a 200).
   */
  const ownPage = async (c: Context, own: RenderOptions, statusOf: () => number) => {
    const page = await renderPage(app.pageUrl(c.req.url), own)
    return answer(c, page, page.status === 200 ? statusOf() : page.status)
  }

  return Object.assign(handler, { ownPage })
}

/**
 * A redirect's address, with the request's query kept when it only drops a trailing slash
 * (`/reset-password/?token=…` → `/reset-password?token=…`): the page is kept for its path and the
 * query its route reads, so the redirect it holds has lost whatever else the address carried,
 * a reset link's token among it (rules.md § Password reset).
 */
export function kept(requestUrl: string, location: string): string {
  const request = new URL(requestUrl)
  const target = new URL(location, request)
  const trimmed = request.pathname.replace(/\/+$/, '')
  if (
    request.pathname === trimmed ||
    target.pathname !== trimmed ||
    target.origin !== request.origin
  )
    return location
  return `${target.pathname}${request.search}${target.hash}`
}
