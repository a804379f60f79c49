import { reloadForNewBuild } from './lazy-component.ts'
import { createSignal } from './signal.ts'

/**
 * The service worker and new versions of the app (production builds only). The worker registers
 * once the page has loaded, so its precache does not compete with the first screen's downloads,
 * and so does the code that registers it (service-worker-registration.ts). When a new build is
 * installed and waiting, `updateWaiting()` turns true and the app offers it (UpdatePrompt) instead
 * of swapping it in under an open tab. A chunk of this build that is gone from the server (a deploy
 * happened) reloads the page once, to the new build.
 */
const waiting = createSignal<ServiceWorker | undefined>(undefined)

/** Offers a new version, installed while an older one controls the page. */
function offerUpdate(worker: ServiceWorker): void {
  waiting.set(worker)
}

export function startServiceWorker(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForNewBuild(event.payload)) event.preventDefault()
  })
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () =>
    void import('./service-worker-registration.ts')
      .then(({ registerServiceWorker }) => registerServiceWorker(offerUpdate))
      .catch(() => undefined)
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

/** Whether a new version is installed and waiting for the shopper to take it. */
export const updateWaiting = () => waiting.get() !== undefined

export const onUpdateWaiting = waiting.subscribe

/** Activates the waiting version (sw.ts's SKIP_WAITING) and reloads the page into it. */
export function applyUpdate(): void {
  const worker = waiting.get()
  if (!worker) return
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  })
  worker.postMessage({ type: 'SKIP_WAITING' })
}
