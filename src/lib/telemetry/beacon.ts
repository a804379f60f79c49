/**
 * Sends a report to the site's own server (not the catalogue API, which may be another site's),
 * with the build that made the page, by `navigator.sendBeacon`: it leaves even as the page
 * unloads, and never holds the page up. A report the browser will not queue is dropped: telemetry
 * must never trouble the shopper.
 */
export function beacon(path: '/api/vitals' | '/api/client-errors', report: object): void {
  try {
    navigator.sendBeacon(path, JSON.stringify({ ...report, build: __BUILD_ID__ }))
  } catch {
    // No beacon in this browser.
  }
}
