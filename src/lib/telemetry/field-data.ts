import type { AnyRouter } from '@tanstack/react-router'
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals'
import { routePattern } from '../route-pattern.ts'
import { yieldToBrowser } from '../yield-to-browser.ts'
import { beacon } from './beacon.ts'
import { takeEarlyInteractions } from './early-count.ts'

/** The User Timing mark set once the page's field data is being gathered. */
const FIELD_DATA_MARK = 'meridian:field-data'

const CONNECTIONS = new Set(['slow-2g', '2g', '3g', '4g'])
/** The most the server takes (server/routes/telemetry.ts): a minute. */
const MAX_MS = 60_000

/** The connection's effective type, where the browser tells it (Chromium's Network Information). */
function connectionType(): string | undefined {
  const { connection } = navigator as { connection?: { effectiveType?: string } }
  const type = connection?.effectiveType
  return type && CONNECTIONS.has(type) ? type : undefined
}

/**
 * The page's web vitals from this shopper's browser (LCP, INP, CLS, FCP, TTFB, by the web-vitals
 * library, which reads what the browser measured before it loaded), and how many taps it took
 * before the app had taken it over (early-count.ts), kept as they are reported and
 * sent together each time the page is hidden (the shopper switches away, or leaves: the moment
 * web-vitals settles LCP, CLS and INP), as web-vitals advises. They are the landing page's: later
 * pages of the app are not loads of their own.
 */
export async function reportFieldData(router: AnyRouter, landing: string): Promise<void> {
  const found = router.getMatchedRoutes(landing)[2] as { id: string } | undefined
  const route = routePattern(found?.id)
  const connection = connectionType()
  const queue = new Map<Metric['name'], number>()
  const add = ({ name, value }: Metric) =>
    queue.set(name, name === 'CLS' ? Number(value.toFixed(4)) : Math.min(Math.round(value), MAX_MS))
  // Each measure set up in a task of its own: together (each reads what the browser has recorded
  // so far) they make one long task on a phone, just as the page settles.
  for (const measure of [onCLS, onFCP, onINP, onLCP, onTTFB]) {
    measure(add)
    await yieldToBrowser()
  }
  // After the measures: web-vitals reports LCP, CLS and INP from its own listeners for the page
  // being hidden, which must run before this one sends what they reported.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || queue.size === 0) return
    const metrics = [...queue].map(([name, value]) => ({ name, value }))
    queue.clear()
    // With the first report only: the taps taken before the app had taken the page over.
    const early = takeEarlyInteractions()
    beacon('/api/vitals', { route, connection, metrics, ...(early !== undefined && { early }) })
  })
  // From here this page's measures are kept: a mark in the browser's performance timeline.
  performance.mark(FIELD_DATA_MARK)
}
