/**
 * Meridian's service worker (built by scripts/service-worker-plugin.ts, which fills in the build
 * id and the list of the build's files). What it does, and why:
 * - app shell: every file of this build is precached, so the app opens and moves between visited
 *   and unvisited routes offline;
 * - pages: network first, so an online shopper always gets the newest build; offline, the shell;
 * - product images: cache first (their URLs are content-versioned and immutable); another host's
 *   (an external API's image host) stale-while-revalidate, as its answers are opaque: one that
 *   failed is replaced at the next visit instead of being kept;
 * - catalogue API reads, from the configured API wherever it is (VITE_API_URL): stale-while-
 *   revalidate, so visited listings and products show offline; account and auth answers are
 *   never cached.
 * A new build installs at once, takes over open pages and deletes the old shell.
 */
const BUILD_ID = '__BUILD_ID__'
const API_URL = '__API_URL__'
const API_BASE = new URL(API_URL.endsWith('/') ? API_URL : `${API_URL}/`, self.location.origin).href
const PRECACHE = self.__PRECACHE_MANIFEST
const SHELL_CACHE = `meridian-shell-${BUILD_ID}`
const IMAGE_CACHE = 'meridian-images'
const API_CACHE = 'meridian-api'
const MAX_IMAGES = 400
// Another host's pictures are opaque answers, which browsers count as several MB each against the
// storage quota: fewer are kept, in a cache of their own.
const EXTERNAL_IMAGE_CACHE = 'meridian-images-external'
const MAX_EXTERNAL_IMAGES = 60
const MAX_API_ANSWERS = 200

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('meridian-shell-') && key !== SHELL_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  )
})

/** Keeps a runtime cache bounded: the oldest entries go first. */
async function trim(cacheName, maxEntries) {
  const cache = await caches.open(cacheName)
  const keys = await cache.keys()
  await Promise.all(
    keys.slice(0, Math.max(0, keys.length - maxEntries)).map((key) => cache.delete(key)),
  )
}

async function networkFirstPage(request) {
  try {
    return await fetch(request)
  } catch {
    const shell = await caches.open(SHELL_CACHE)
    return (await shell.match('/index.html')) ?? Response.error()
  }
}

/** A response worth keeping: a success, or another host's opaque answer (its status is hidden). */
const keepable = (response) => response.ok || response.type === 'opaque'

/** Keeps an answer, within the cache's bound; a full or refused storage only means not keeping it. */
async function keep(cache, request, response, cacheName, maxEntries) {
  if (!keepable(response)) return
  try {
    await cache.put(request, response)
    await trim(cacheName, maxEntries)
  } catch {
    // QuotaExceededError and the like: the answer is still served, just not kept.
  }
}

async function cacheFirst(request, cacheName, maxEntries) {
  const cache = await caches.open(cacheName)
  const cached = await cache.match(request)
  if (cached) return cached
  const response = await fetch(request)
  await keep(cache, request, response.clone(), cacheName, maxEntries)
  return response
}

async function staleWhileRevalidate(event, cacheName, maxEntries) {
  const cache = await caches.open(cacheName)
  const cached = await cache.match(event.request)
  const refresh = fetch(event.request).then(async (response) => {
    await keep(cache, event.request, response.clone(), cacheName, maxEntries)
    return response
  })
  if (cached) {
    event.waitUntil(refresh.catch(() => undefined))
    return cached
  }
  return refresh
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  const ownOrigin = url.origin === self.location.origin

  if (url.href.startsWith(`${API_BASE}products`)) {
    event.respondWith(staleWhileRevalidate(event, API_CACHE, MAX_API_ANSWERS))
  } else if (url.href.startsWith(`${API_BASE}images/`)) {
    event.respondWith(cacheFirst(request, IMAGE_CACHE, MAX_IMAGES))
  } else if (!ownOrigin && request.destination === 'image') {
    // Only the API's image hosts can get here: the page's Content-Security-Policy allows no other.
    event.respondWith(staleWhileRevalidate(event, EXTERNAL_IMAGE_CACHE, MAX_EXTERNAL_IMAGES))
  } else if (!ownOrigin) {
    return
  } else if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request))
  } else if (PRECACHE.includes(url.pathname)) {
    event.respondWith(
      caches
        .open(SHELL_CACHE)
        .then((cache) => cache.match(request))
        .then((hit) => hit ?? fetch(request)),
    )
  }
})
