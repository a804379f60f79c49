import { AsyncLocalStorage } from 'node:async_hooks'
import {
  createRequestHandler,
  createSsrStreamResponse,
  defineHandlerCallback,
  getSsrStatus,
  RouterServer,
  transformReadableStreamWithRouter,
} from '@tanstack/react-router/ssr/server'
import { renderToReadableStream } from 'react-dom/server'
import type {
  AppServer,
  AppServerOptions,
  RenderOptions,
  RenderedPage,
} from '../shared/pages/app-server.ts'
import { answerFindOrder, FIND_ORDER_ANSWER_KEY } from './features/orders/find-order-sent.ts'
import { setApiFetch } from './lib/api-client.ts'
import { toApiError } from './lib/api-error.ts'
import type { Notifier } from './lib/notify.ts'
import { routePattern } from './lib/route-pattern.ts'
import { createAppRouter, type AppRouter } from './router.tsx'
import { robotsTxt, sitemapXml } from './site-documents.ts'

/**
 * The server's side of the app (the SSR build's entry, src/ → dist/server/entry-server.js): each
 * page's whole first view, rendered from the same route tree, loaders, queries and components as
 * the browser, which then hydrates it; and the site's documents for crawlers. What it exports and
 * takes is the seam of shared/pages/app-server.ts (`AppServerEntry`), which the server loads it by.
 */

/** The text of the lines that start the app once a page has painted (start-app.script.ts). */
export { default as START_APP_SCRIPT } from './start-app.script.ts?inline-script'

/** The server shows no toasts: a failure is part of the page it renders. */
const silent: Notifier = { error: () => undefined, success: () => undefined }

interface RenderScope {
  fetchApi: AppServerOptions['fetchApi']
  origin: string
  signal?: AbortSignal
}

/**
 * The page being rendered, for the app's HTTP client (lib/api-client.ts): it has one fetch for the
 * whole process, and this tells it where the requests of the render under way go.
 */
const scope = new AsyncLocalStorage<RenderScope>()

setApiFetch((input, init) => {
  const request = new Request(input, init)
  const current = scope.getStore()
  if (!current) return fetch(request)
  const signal = current.signal && AbortSignal.any([request.signal, current.signal])
  return current.fetchApi(signal ? new Request(request, { signal }) : request, current.origin)
})

// Waits for everything the page shows, suspended parts included, before writing any of it: the
// HTML is whole without JavaScript, and the same bytes for everyone, so it can be hashed for the
// Content-Security-Policy and cached (the server's own API answers in well under a millisecond, so
// streaming the parts that suspend would not make them arrive any sooner). A 404 or 500 gets
// `statusPageHead` in its head.
const renderWhole = (statusPageHead = '') =>
  defineHandlerCallback<AppRouter>(async ({ request, router, responseHeaders }) => {
    const stream = await renderToReadableStream(<RouterServer router={router} />, {
      signal: request.signal,
      // Every part in its place: none set aside for a script to move in later (unreadable without it).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        if (!request.signal.aborted) console.error(error)
      },
    })
    await stream.allReady
    const status = getSsrStatus(router)
    const body = transformReadableStreamWithRouter(router, stream, { signal: request.signal })
    const html =
      status >= 400 && statusPageHead
        ? (await new Response(body).text()).replace('</head>', `${statusPageHead}</head>`)
        : body
    return createSsrStreamResponse(router, new Response(html, { status, headers: responseHeaders }))
  })

/** A catalogue answer's products: a list's, an infinite list's pages', or one product. */
function productIdsOf(data: unknown): number[] {
  if (typeof data !== 'object' || data === null) return []
  if ('pages' in data && Array.isArray(data.pages)) return data.pages.flatMap(productIdsOf)
  if ('products' in data && Array.isArray(data.products)) return data.products.flatMap(productIdsOf)
  return 'id' in data && typeof data.id === 'number' && 'stock' in data ? [data.id] : []
}

/** The products a render's page shows (its stock may change them): every query's. */
const productsShown = ({ options }: AppRouter) => [
  ...new Set(
    options.context.queryClient
      .getQueryCache()
      .getAll()
      .flatMap((query) => productIdsOf(query.state.data)),
  ),
]

/** Whether a request of the render failed: an API error, not a product that does not exist. */
const failedRequests = ({ options }: AppRouter) =>
  options.context.queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.status === 'error' && toApiError(query.state.error).status !== 404)

type Search = Record<string, unknown>

/**
 * The address a page is rendered and kept for (decisions.md § Operations, caches): its path, and
 * of its query only what its routes read (their validateSearch), in one order. A query the page
 * does not read (`?utm_source=…`, a random `?u=`) renders nothing new and pushes no page out of
 * the cache, and appears nowhere in the page. A router of its own, used for matching only.
 */
function pageAddresses() {
  const router = createAppRouter({ notifier: silent, origin: 'http://localhost' })
  const { parseSearch, stringifySearch } = router.options
  return (url: string): string => {
    const { origin, pathname, search } = new URL(url)
    const [routes] = router.getMatchedRoutes(pathname)
    const raw = parseSearch(search) as Search
    const read: Search = {}
    for (const route of routes) {
      const validate = route.options.validateSearch as ((search: Search) => Search) | undefined
      if (typeof validate === 'function') Object.assign(read, validate(raw))
    }
    const kept: Search = {}
    for (const key of Object.keys(read).sort()) if (read[key] !== undefined) kept[key] = read[key]
    return `${origin}${pathname}${stringifySearch(kept)}`
  }
}

export function createAppServer({
  manifest,
  fetchApi,
  siteUrl,
  vitalsSampleRate = 1,
  statusPageHead,
}: AppServerOptions): AppServer {
  const handlerCallback = renderWhole(statusPageHead)
  const originOf = (request: Request) => siteUrl ?? new URL(request.url).origin

  /** The page for `request`, rendered by a router, QueryClient and Jotai store of its own. */
  async function render(
    request: Request,
    { shell = false, signal, findOrder }: RenderOptions = {},
  ): Promise<RenderedPage> {
    const origin = originOf(request)
    // Find an order sent without the app: looked up as its sender (their address counts it), then
    // rendered from the render's query cache, whose data the page carries to the app.
    const found =
      findOrder &&
      (await scope.run({ fetchApi: findOrder.lookup, origin, signal }, () =>
        answerFindOrder(findOrder.fields),
      ))
    let router: AppRouter | undefined
    const handler = createRequestHandler({
      request,
      createRouter: () => {
        router = createAppRouter({ notifier: silent, origin, isShell: shell, vitalsSampleRate })
        if (found) router.options.context.queryClient.setQueryData(FIND_ORDER_ANSWER_KEY, found)
        return router
      },
      getRouterManifest: manifest && (() => manifest),
    })
    const response = await scope.run({ fetchApi, origin, signal }, () => handler(handlerCallback))
    const failed = response.status === 500 || (router !== undefined && failedRequests(router))
    return {
      response,
      complete: !failed,
      route: router && routePattern(router.state.matches.at(-1)?.routeId),
      productIds: router && productsShown(router),
    }
  }

  return {
    render,
    pageUrl: pageAddresses(),
    sitemapXml: (origin: string) => scope.run({ fetchApi, origin }, () => sitemapXml(origin)),
    robotsTxt,
  }
}
