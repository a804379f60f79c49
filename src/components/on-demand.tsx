import { useState, type ReactNode } from 'react'
import { retryFailedDownloads, useLoaded, type OnDemandPiece } from '../lib/lazy-component.ts'
import { Boundary } from './boundary.tsx'

interface OnDemandProps {
  children: ReactNode
  /** Shown while the code loads, and instead of the piece if its download fails. */
  fallback?: ReactNode
  /** Shown instead of `fallback` when the download failed. */
  failed?: ReactNode
}

/**
 * Where a piece whose code loads on demand (`lazyComponent`) renders. A failed download shows the
 * fallback instead of taking the page down, and is tried again when the browser is back online or
 * when the piece is mounted again (a modal or menu opened again).
 */
export function OnDemand({ children, fallback = null, failed = fallback }: OnDemandProps) {
  // Once per mount, before the children render: a piece that failed earlier downloads again.
  useState(retryFailedDownloads)
  return (
    <Boundary fallback={fallback} failed={() => failed} onRetry={retryFailedDownloads}>
      {children}
    </Boundary>
  )
}

interface WhenLoadedProps extends OnDemandProps {
  /** The `lazyComponent` that `children` render. */
  piece: OnDemandPiece
  /** When to start loading it: `fallback` shows until then (the plain version, or nothing). */
  when?: boolean
}

/**
 * A piece that shows by itself, not by a shopper's action (an enhancement once the page is idle,
 * the cart's count once the page is hydrated): `fallback` until `when` holds and the piece's code
 * is here, then the piece, without suspending (see useLoaded).
 */
export function WhenLoaded({ piece, when = true, children, ...fallbacks }: WhenLoadedProps) {
  return useLoaded(piece, when) ? (
    <OnDemand {...fallbacks}>{children}</OnDemand>
  ) : (
    (fallbacks.fallback ?? null)
  )
}
