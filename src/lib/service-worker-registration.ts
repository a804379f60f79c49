const HOUR = 60 * 60 * 1000

/**
 * Registers the service worker (lib/service-worker.ts loads this once the page has loaded) with
 * the browser's own API, no code to download first (workbox-window's registration, two more
 * requests at load, delayed the largest paint: docs/performance.md), and looks for a new build at
 * start, whenever the tab comes back into view, and hourly.
 */
export async function registerServiceWorker(
  offerUpdate: (worker: ServiceWorker) => void,
): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js')
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(worker)
    })
  })
  const check = () => void registration.update().catch(() => undefined)
  setInterval(check, HOUR)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check()
  })
}
