/**
 * Meridian's service worker (built by scripts/service-worker-plugin.ts, which fills in the build
 * id and the list of the build's files). What it does, and why:
 * - app shell: every file of this build is precached, so the app opens and moves between visited
 *   and unvisited routes offline;
 * - pages: network first, so an online shopper always gets the newest build; offline, the shell;
 * - product images: cache first (their URLs are content-versioned and immutable);
 * - catalogue API reads: stale-while-revalidate, so visited listings and products show offline;
 *   account and auth answers are never cached.
 * A new build installs at once, takes over open pages and deletes the old shell.
 */
const BUILD_ID = '__BUILD_ID__'
const PRECACHE = self.__PRECACHE_MANIFEST
const SHELL_CACHE = `meridian-shell-${BUILD_ID}`
const IMAGE_CACHE = 'meridian-images'
const API_CACHE = 'meridian-api'
const MAX_IMAGES = 400
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

async function cacheFirst(request, cacheName, maxEntries) {
  const cache = await caches.open(cacheName)
  const cached = await cache.match(request)
  if (cached) return cached
  const response = await fetch(request)
  if (response.ok) {
    await cache.put(request, response.clone())
    void trim(cacheName, maxEntries)
  }
  return response
}

async function staleWhileRevalidate(event, cacheName, maxEntries) {
  const cache = await caches.open(cacheName)
  const cached = await cache.match(event.request)
  const refresh = fetch(event.request).then(async (response) => {
    if (response.ok) {
      await cache.put(event.request, response.clone())
      await trim(cacheName, maxEntries)
    }
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
  if (url.origin !== self.location.origin) return

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request))
  } else if (url.pathname.startsWith('/api/images/')) {
    event.respondWith(cacheFirst(request, IMAGE_CACHE, MAX_IMAGES))
  } else if (url.pathname.startsWith('/api/products')) {
    event.respondWith(staleWhileRevalidate(event, API_CACHE, MAX_API_ANSWERS))
  } else if (PRECACHE.includes(url.pathname)) {
    event.respondWith(
      caches
        .open(SHELL_CACHE)
        .then((cache) => cache.match(request))
        .then((hit) => hit ?? fetch(request)),
    )
  }
})
