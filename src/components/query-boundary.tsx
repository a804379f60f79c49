import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Boundary } from './boundary.tsx'
import { ErrorState } from './error-state.tsx'

/**
 * A part of a page whose data streams in after the page (`useSuspenseQuery` inside, the route's
 * loader having started the request without waiting for it): `fallback` while it loads, the
 * error with Retry in its place if it fails. A whole page's data is the route's to wait for.
 */
export function QueryBoundary({
  children,
  fallback,
}: {
  children: ReactNode
  fallback: ReactNode
}) {
  const { reset } = useQueryErrorResetBoundary()
  return (
    <Boundary
      fallback={fallback}
      onRetry={reset}
      failed={(retry, error) => <ErrorState error={error} onRetry={retry} />}
    >
      {children}
    </Boundary>
  )
}
