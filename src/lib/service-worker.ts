import { reloadForNewBuild } from './lazy-component.ts'

/**
 * The service worker and new versions of the app (production builds only). The worker registers
 * once the page has loaded, so its precache does not compete with the first screen's downloads.
 * A new build is looked for at start, whenever the tab comes back into view, and hourly; when one
 * is ready, `updateWaiting()` turns true and the app offers it (UpdatePrompt) instead of swapping
 * it in under an open tab. A chunk of this build that is gone from the server (a deploy happened)
 * reloads the page once, to the new build.
 */
const HOUR = 60 * 60 * 1000

let waiting: ServiceWorker | undefined
const listeners = new Set<() => void>()

function offer(worker: ServiceWorker): void {
  waiting = worker
  for (const listener of listeners) listener()
}

/** Offers a new worker once it has installed while an older one controls the page. */
function watchForUpdates(registration: ServiceWorkerRegistration): void {
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker)
    })
  })
  const check = () => void registration.update().catch(() => undefined)
  setInterval(check, HOUR)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check()
  })
}

export function startServiceWorker(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForNewBuild(event.payload)) event.preventDefault()
  })
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  // The browser's own API: no code to download first (workbox-window's registration, 4 KB in
  // two more requests at load, measurably delayed the largest paint on a slow connection).
  const register = () =>
    void navigator.serviceWorker
      .register('/sw.js')
      .then(watchForUpdates)
      .catch(() => undefined)
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

/** Whether a new version is installed and waiting for the shopper to take it. */
export const updateWaiting = () => waiting !== undefined

export function onUpdateWaiting(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Activates the waiting version (sw.ts's SKIP_WAITING) and reloads the page into it. */
export function applyUpdate(): void {
  if (!waiting) return
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  })
  waiting.postMessage({ type: 'SKIP_WAITING' })
}
