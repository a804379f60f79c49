import { useHydrated } from './hydrated.tsx'

/**
 * A value of the shopper's own (kept in their browser: the cart, saved items, the theme they chose),
 * as the server rendered it until the page is hydrated, then the shopper's. The server sends one
 * HTML for everyone (decisions.md § Server rendering), so the browser's first render must match it; the render right
 * after shows the shopper's own, in space the server's HTML already holds.
 */
export function useAfterHydration<T>(value: T, serverValue: T): T {
  return useHydrated() ? value : serverValue
}
