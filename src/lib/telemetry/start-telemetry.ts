import type { AnyRouter } from '@tanstack/react-router'
import { afterPaintWhenIdle } from '../after-paint.ts'
import type { ErrorKind } from './client-errors.ts'

/** The meta tag by which the server's pages say what share of page loads send field data. */
export const VITALS_SAMPLE_RATE_META = 'vitals-sample-rate'

/** Runs `task` once the page has loaded, painted, and the browser is idle. */
function afterLoad(task: () => void): void {
  if (document.readyState === 'complete') afterPaintWhenIdle(task)
  else addEventListener('load', () => afterPaintWhenIdle(task), { once: true })
}

/**
 * What shoppers' browsers tell the server (decisions.md § Operations): errors, and the page's web vitals. The entry
 * holds only this, the listeners: the code that sends (reporters.ts) loads when there is an error
 * to send, and once the page is idle for the share of page loads the page's
 * VITALS_SAMPLE_RATE_META names (none without it: the offline shell, whose reports could not be
 * sent anyway). Returns React's root error handlers.
 */
export function startTelemetry(router: AnyRouter) {
  const reporters = () => import('./reporters.ts')
  const report = (kind: ErrorKind, log?: boolean) => (error: unknown) => {
    // React's own handlers, which these replace, log to the console: so do these.
    if (log) console.error(error)
    reporters().then(
      ({ reportClientError }) => reportClientError(router, kind, error),
      () => undefined,
    )
  }
  const onError = report('error')
  const onRejection = report('unhandledrejection')
  addEventListener('error', (event) => onError(event.error ?? event.message))
  addEventListener('unhandledrejection', (event) => onRejection(event.reason))

  const rate = document.querySelector<HTMLMetaElement>(`meta[name="${VITALS_SAMPLE_RATE_META}"]`)
  // The landing page's pattern, even if the shopper has moved on by the time the reporter loads.
  const landing = location.pathname
  if (Math.random() < Number(rate?.content)) {
    afterLoad(() => {
      reporters().then(
        ({ reportFieldData }) => reportFieldData(router, landing),
        () => undefined,
      )
    })
  }
  return { onCaughtError: report('caught', true), onUncaughtError: report('uncaught', true) }
}
