import { createContext, startTransition, use, useEffect, useState, type ReactNode } from 'react'
import { releaseEarlyEvents } from './early-events.ts'
import { noteEarlyInteractions } from './telemetry/early-count.ts'

// Outside the document's provider (a component rendered on its own, in a test) the app is running.
const Hydrated = createContext(true)

/**
 * Whether the app has taken the page over: false in the server's HTML and in the browser's first
 * render, which must match it; true from the render after.
 *
 * The router's own `useHydrated` (a `useSyncExternalStore` whose server value differs) re-renders
 * every component that asks at once, synchronously, right after hydration: the header, the
 * document's head and each not-ready button in one long task. This flag changes once, in a
 * transition, which React renders in slices a tap can interrupt.
 */
export function useHydrated(): boolean {
  return use(Hydrated)
}

/**
 * Gives `useHydrated` its answer below it; it wraps the whole document (document.tsx). Once the
 * document has hydrated, the taps the page took before (lib/early-events.ts) reach the app.
 */
export function HydratedProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => {
    void releaseEarlyEvents().then(noteEarlyInteractions)
    startTransition(() => setHydrated(true))
  }, [])
  return <Hydrated value={hydrated}>{children}</Hydrated>
}

/**
 * A value of the shopper's own (kept in their browser: the cart, saved items, the theme they chose),
 * as the server rendered it until the page is hydrated, then the shopper's. The server sends one
 * HTML for everyone (decisions.md § Server rendering), so the browser's first render must match it; the render right
 * after shows the shopper's own, in space the server's HTML already holds.
 */
export function useAfterHydration<T>(value: T, serverValue: T): T {
  return useHydrated() ? value : serverValue
}
