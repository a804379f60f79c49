import {
  createElement,
  lazy,
  startTransition,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
} from 'react'
import { yieldToBrowser } from './yield-to-browser.ts'

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
 * router does for its route chunks. Once its code is here the piece renders at once, without
 * suspending (see useLoaded).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy accepts
export function lazyComponent<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  let loaded: M[K] | undefined
  const fetchCode = () =>
    load().then((module) => {
      loaded = module[name]
      return { default: loaded }
    })
  const create = () =>
    lazy(() =>
      fetchCode().catch((error: unknown) => {
        // Reloading: stay suspended until the new page replaces this one.
        if (reloadForNewBuild(error)) return new Promise<never>(() => undefined)
        failed.add(() => (current = create()))
        throw error
      }),
    )
  let current = create()
  function Lazy(props: ComponentProps<M[K]>) {
    // Chosen once per mount: a type that changed between renders would remount what it shows.
    const [{ type }] = useState(() => ({ type: loaded ?? current }))
    return createElement(type, props)
  }
  /** Starts the download ahead of the render (a shopper reaching for what shows it). */
  Lazy.preload = () => void fetchCode().catch(() => undefined)
  /** Downloads the code; once it resolves, the piece renders without suspending. */
  Lazy.load = fetchCode
  Lazy.isLoaded = () => loaded !== undefined
  return Lazy
}

/** A piece from `lazyComponent`, as far as useLoaded needs it. */
export interface OnDemandPiece {
  load: () => Promise<unknown>
  isLoaded: () => boolean
}

/**
 * Whether a piece's code is here, its download starting once `when` holds: for a piece that shows
 * by itself (not by a shopper's action), which then renders only once it can, with no Suspense
 * fallback. A fallback shown anywhere makes React hold back the next reveal, the page's own
 * included, by up to 300 ms. A failed download is tried again when the browser is back online.
 */
export function useLoaded(piece: OnDemandPiece, when = true): boolean {
  const [loaded, setLoaded] = useState(piece.isLoaded)
  useEffect(() => {
    if (!when || loaded) return
    let live = true
    const attempt = () => {
      piece.load().then(
        // A transition: React renders the piece in slices, not in one task a tap would wait for.
        () => live && startTransition(() => setLoaded(true)),
        () => window.addEventListener('online', attempt, { once: true }),
      )
    }
    // A task of its own: the download's start adds a preload link to the page for each of the
    // piece's files (Vite's loader), about a millisecond each, which would otherwise lengthen the
    // task that runs the page's effects (on a server-rendered page, the end of its hydration).
    void yieldToBrowser().then(() => live && attempt())
    return () => {
      live = false
      window.removeEventListener('online', attempt)
    }
  }, [piece, when, loaded])
  return when && loaded
}
