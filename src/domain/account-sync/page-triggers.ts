/** What the page tells the sync. */
export interface PageTriggers {
  /** The page is shown again, in view: a new route, the tab visible or focused, or restored. */
  shown(): void
  online(): void
  offline(): void
}

/**
 * Listens for the moments the sync asks for the account's copy or gives a request up
 * (decisions.md § Sync): a route shown (`onRouteShown`, the router's), the tab coming into view
 * or getting focus, the page restored from the back-forward cache, and the connection going or
 * returning. Returns what stops it.
 */
export function listenToPage(
  onRouteShown: (callback: () => void) => () => void,
  triggers: PageTriggers,
): () => void {
  // A tab out of view (a route resolved in the background) asks when it comes into view instead.
  const shown = () => {
    if (document.visibilityState === 'visible') triggers.shown()
  }
  const stops = [
    onRouteShown(shown),
    listen(document, { visibilitychange: shown }),
    listen(window, {
      focus: shown,
      pageshow: shown,
      online: () => triggers.online(),
      offline: () => triggers.offline(),
    }),
  ]
  return () => stops.forEach((stop) => stop())
}

/** Listens to the target's events; returns what stops it. */
function listen(target: EventTarget, listeners: Record<string, () => void>): () => void {
  const each = Object.entries(listeners)
  for (const [type, listener] of each) target.addEventListener(type, listener)
  return () => {
    for (const [type, listener] of each) target.removeEventListener(type, listener)
  }
}
