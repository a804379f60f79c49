import { afterPaintWhenIdle } from './after-paint.ts'

/**
 * Registers the service worker (production builds only) once the page has loaded and the main
 * thread is idle, so its precache never competes with the first screen; it checks for a newer
 * build each time the app starts. The app itself may start after the load event (main.tsx waits
 * for a first paint).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => registration.update())
      .catch(() => undefined)
  }
  const whenIdle = () => afterPaintWhenIdle(register)
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}
