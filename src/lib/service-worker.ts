/**
 * Registers the service worker (production builds only, after the page has loaded so it never
 * competes with the first screen), and checks for a newer build each time the app starts.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => registration.update())
      .catch(() => undefined)
  })
}
