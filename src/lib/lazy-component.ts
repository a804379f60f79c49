import { createElement, lazy, type ComponentProps, type ComponentType } from 'react'

/** Vite's words (Chromium, Firefox, Safari) for a chunk that could not be fetched. */
const CHUNK_MISSING =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/

/**
 * A chunk that is gone while the browser is online means a new build replaced this one: the
 * page reloads (once per chunk, so a broken deploy does not loop) to get the new build.
 */
export function reloadForNewBuild(error: unknown): boolean {
  if (!(error instanceof Error) || !CHUNK_MISSING.test(error.message) || !navigator.onLine)
    return false
  const key = `meridian-reloaded:${error.message}`
  if (sessionStorage.getItem(key)) return false
  sessionStorage.setItem(key, '1')
  window.location.reload()
  return true
}

// The on-demand pieces whose download failed, each with a way to start afresh.
const failed = new Set<() => void>()

/** Lets every failed on-demand piece download again the next time it renders (see OnDemand). */
export function retryFailedDownloads(): void {
  for (const renew of failed) renew()
  failed.clear()
}

/**
 * React.lazy for a named export (render it inside `<OnDemand>`), but a failed download is not
 * kept for good, as React.lazy keeps it: `OnDemand` asks for a fresh download when the browser is
 * back online or the piece is mounted again. A chunk gone after a deploy reloads the page, as the
 * router does for its route chunks.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy accepts
export function lazyComponent<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  const create = () =>
    lazy(() =>
      load().then(
        (module) => ({ default: module[name] }),
        (error: unknown) => {
          // Reloading: stay suspended until the new page replaces this one.
          if (reloadForNewBuild(error)) return new Promise<never>(() => undefined)
          failed.add(() => (current = create()))
          throw error
        },
      ),
    )
  let current = create()
  return function Lazy(props: ComponentProps<M[K]>) {
    return createElement(current, props)
  }
}
