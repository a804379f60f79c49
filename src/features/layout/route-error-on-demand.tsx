import type { ErrorComponentProps } from '@tanstack/react-router'
import { Suspense } from 'react'
import { lazyExport } from '../../lib/lazy-export.ts'

// A page whose data failed to load is rare: its code loads when one is shown. It waits in its
// own boundary, so the router's pending state (kept for at least half a second) never stands in
// for it. (The not-found page stays in the app chunk: a mistyped address should answer at once.)
const LazyRouteError = lazyExport(() => import('./components/route-error.tsx'), 'RouteError')

export function RouteError(props: ErrorComponentProps) {
  return (
    <Suspense>
      <LazyRouteError {...props} />
    </Suspense>
  )
}
