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

let waiting = false
const listeners = new Set<() => void>()
let activate: ((reload?: boolean) => Promise<void>) | undefined

export function startServiceWorker(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForNewBuild(event.payload)) event.preventDefault()
  })
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  // Its code (vite-plugin-pwa's registration, then workbox-window) loads after the page, too.
  const register = () =>
    void import('virtual:pwa-register').then(({ registerSW }) => {
      activate = registerSW({
        immediate: true,
        onNeedRefresh() {
          waiting = true
          for (const listener of listeners) listener()
        },
        onRegisteredSW(_url, registration) {
          if (!registration) return
          const check = () => void registration.update().catch(() => undefined)
          setInterval(check, HOUR)
          document.addEventListener('visibilitychange', () => {
            if (document.visibilityState === 'visible') check()
          })
        },
      })
    })
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

/** Whether a new version is installed and waiting for the shopper to take it. */
export const updateWaiting = () => waiting

export function onUpdateWaiting(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Activates the waiting version and reloads the page into it. */
export function applyUpdate(): void {
  void activate?.(true)
}
