/**
 * Registers the service worker (production builds only) once the page has loaded, so its precache
 * does not compete with the first screen's downloads; it checks for a newer build each time the
 * app starts. (Waiting for an idle moment after that measured no better: README, Performance.)
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => registration.update())
      .catch(() => undefined)
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
