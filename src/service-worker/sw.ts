/// <reference lib="webworker" />
/**
 * Meridian's service worker, built with Workbox by vite-plugin-pwa (injectManifest: this file,
 * plus the list of the build's files as `self.__WB_MANIFEST`). What it does, and why:
 * - app shell: every file of the build is precached, so the app opens and moves between visited
 *   and unvisited routes offline; an older build's files go once this one is active;
 * - pages: from the network, never kept, so an online shopper gets each page's own head and the
 *   newest build; after 3 s without an answer (a crawling connection) or offline, the precached
 *   shell; a password reset link's page is left to the browser (its address holds a token);
 * - the API's product images: cache first (their URLs are content-versioned, so immutable); another
 *   host's pictures (an external API's image CDN) stale-while-revalidate, as their answers are
 *   opaque: one that failed is replaced at the next visit instead of being kept;
 * - catalogue reads from the configured API (VITE_API_URL): stale-while-revalidate, so visited
 *   listings and products show offline (a read the app asks fresh, `cache: 'no-cache'`, the
 *   stock before an order, goes to the network first); account and auth answers are never cached;
 * - requests that send something (POST): straight to the network, past this worker.
 * Each runtime cache is bounded in entries and age. A new build waits until the shopper accepts
 * the app's "new version" prompt (its SKIP_WAITING message), never swapping under an open tab.
 */
import { clientsClaim } from 'workbox-core'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[]
}

/** A rule of the static routing API (`InstallEvent.addRoutes`), as far as this worker uses it. */
interface RouterRule {
  condition: { requestMethod: string }
  source: 'network'
}

const DAY = 24 * 60 * 60
const apiUrl = (import.meta.env.VITE_API_URL as string | undefined)?.trim() || '/api'
const API_BASE = new URL(apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`, self.location.origin).href

// Pages (`/` included: no directory index) go through the navigation route below, not the precache.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' })
cleanupOutdatedCaches()
// The first install controls the open page at once: offline works from the first visit.
clientsClaim()

// Requests that send something (the shopper's reports as a page is left, sign-in, registration) go
// straight to the network, without starting this worker, which has nothing to do with them
// (Chrome's static routing API, Chrome 123 and later; other browsers answer them as before, from
// the network by way of this worker). A report that `navigator.sendBeacon` sent as a page it
// controlled was left waited for this worker to see it, and was lost now and then (the telemetry
// e2e test's figures: docs/operating.md § Logs and metrics).
self.addEventListener('install', (event) => {
  const routed = event as ExtendableEvent & { addRoutes?: (rules: RouterRule) => Promise<void> }
  routed.addRoutes?.({ condition: { requestMethod: 'POST' }, source: 'network' }).catch(() => {
    // A browser that knows the API but not this condition: its requests go by way of the worker.
  })
})

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

const pages = new NetworkOnly({ networkTimeoutSeconds: 3 })
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options)
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error()
      }
    },
    {
      // A page's address, not the API's (opened in a tab, it is JSON, not the app); and not a
      // password reset link's, whose address holds its token until the page takes it out (rules.md
      // § Password reset): this worker neither answers it nor keeps anything of it, the browser
      // fetches it, and the page comes with its own headers (no Referer, stored nowhere), which
      // the shell lacks. Nor the operator's back office (admin/, an app of its own): offline, the
      // shopper's shell is not its page.
      denylist: [/^\/api(\/|$)/, /^\/reset-password(\/|\?|$)/, /^\/admin(\/|\?|$)/],
    },
  ),
)

// A read the app wants fresh (the stock an order is about to take): the network's answer, which
// the cache then keeps; offline, the cache's.
registerRoute(
  ({ url, request }) => url.href.startsWith(`${API_BASE}products`) && request.cache === 'no-cache',
  new NetworkFirst({
    cacheName: 'meridian-api',
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
)

registerRoute(
  ({ url }) => url.href.startsWith(`${API_BASE}products`),
  new StaleWhileRevalidate({
    cacheName: 'meridian-api',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: DAY, purgeOnQuotaError: true }),
    ],
  }),
)

registerRoute(
  ({ url }) => url.href.startsWith(`${API_BASE}images/`),
  new CacheFirst({
    cacheName: 'meridian-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
)

// Only the API's image hosts can get here: the page's Content-Security-Policy allows no other.
// Their opaque answers count as several MB each against the storage quota: fewer are kept.
registerRoute(
  ({ url, request }) => url.origin !== self.location.origin && request.destination === 'image',
  new StaleWhileRevalidate({
    cacheName: 'meridian-images-external',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true }),
    ],
  }),
)
