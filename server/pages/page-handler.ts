import type { Context } from 'hono'
import { createRepresentation, type Representation } from '../http/representation.ts'
import { RepresentationCache, representationBytes } from '../http/representation-cache.ts'
import { CACHE_PRIVATE, respond } from '../http/respond.ts'
import type { Metrics } from '../observability/metrics.ts'
import type { RequestRecord } from '../observability/request-log.ts'

/**
 * What the app's server entry (src/entry-server.tsx, built into dist/server/) gives the site: each
 * page's first view, and the site's documents for crawlers.
 */
export interface AppServer {
  render(
    request: Request,
    options?: { shell?: boolean; signal?: AbortSignal },
  ): Promise<{ response: Response; complete: boolean; route?: string }>
  /** The address a page is rendered and kept for: only the query its routes read. */
  pageUrl(url: string): string
  sitemapXml(origin: string): Promise<string>
  robotsTxt(origin: string): string
}

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
} & (
  | {
      status: number
      representation: Representation
      /** The page's Content-Security-Policy: its own inline scripts by hash. */
      csp: string
      cacheControl: string
      /** When to render it again (ms since the epoch). */
      expires: number
    }
  | { status: number; location: string; expires: number }
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
  { csp, externalApi, metrics, cacheBytes = DEFAULT_PAGE_CACHE_BYTES }: PageOptions,
) {
  const pages = new RepresentationCache<Promise<Page>>({
    maxBytes: cacheBytes,
    sizeOf: () => RENDERING_BYTES,
  })
  metrics?.watchCache('pages', pages)

  async function renderPage(url: string): Promise<Page> {
    // A request of the server's own: nothing of the shopper's (cookies, headers) reaches the render.
    const request = new Request(url, { headers: { Accept: 'text/html' } })
    const signal = externalApi ? AbortSignal.timeout(EXTERNAL_API_DEADLINE_MS) : undefined
    const started = performance.now()
    const rendered = await app.render(request, { signal })
    const { complete, route = 'unmatched' } = rendered
    metrics?.pageRender.observe({ route }, (performance.now() - started) / 1000)
    let { response } = rendered
    if (!complete) {
      await response.body?.cancel()
      ;({ response } = await app.render(request, { shell: true }))
    }
    const expires = complete ? Date.now() + PAGE_TTL_MS : 0
    const location = response.headers.get('Location')
    if (location) return { route, status: response.status, location, expires }
    // Bytes as rendered: decoding the page to text and encoding it again costs more than the
    // policy's hashes need (inlineScriptHashes).
    const html = Buffer.from(await response.arrayBuffer())
    const cacheControl = !complete
      ? CACHE_PRIVATE
      : response.status === 200
        ? CACHE_PAGE
        : CACHE_MISSING
    return {
      route,
      status: response.status,
      representation: createRepresentation(html, 'text/html; charset=utf-8'),
      csp: csp(html),
      cacheControl,
      expires,
    }
  }

  /** Renders the page for a URL and keeps it, unless the page kept now is newer than `stale`. */
  function renderFresh(url: string, stale?: Promise<Page>): Promise<Page> {
    const current = pages.get(url)
    if (current && current !== stale) return current
    const rendering = renderPage(url)
    pages.set(url, rendering)
    const forget = () => {
      if (pages.get(url) === rendering) pages.delete(url)
    }
    rendering.then((page) => {
      if (page.expires > Date.now()) pages.remeasure(url, pageBytes(page))
      else forget()
    }, forget)
    return rendering
  }

  const counted = (result: 'hit' | 'miss', page: Promise<Page>) => {
    metrics?.cacheLookups.inc({ cache: 'pages', result })
    return page
  }

  /** The page for a URL, rendered once while it stays fresh; a render under way is shared. */
  function pageFor(url: string): Promise<Page> {
    const kept = pages.get(url)
    if (!kept) return counted('miss', renderFresh(url))
    return kept.then((page) =>
      page.expires > Date.now()
        ? counted('hit', Promise.resolve(page))
        : counted('miss', renderFresh(url, kept)),
    )
  }

  return async (c: Context): Promise<Response> => {
    const url = app.pageUrl(c.req.url)
    const page = await pageFor(url)
    const record = c.get('record') as RequestRecord | undefined
    if (record) record.route = page.route
    if ('location' in page) return c.redirect(page.location, page.status as 301)
    const response = respond(c, page.representation, {
      cacheControl: page.cacheControl,
      status: page.status as 200,
    })
    // Answering may have added a compressed form, which the cache counts.
    pages.remeasure(url, pageBytes(page))
    response.headers.set('Content-Security-Policy', page.csp)
    return response
  }
}
