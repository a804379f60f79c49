import { Component, Suspense, type ReactNode } from 'react'

interface BoundaryProps {
  children: ReactNode
  /** Shown while the children wait for code or data (Suspense). */
  fallback?: ReactNode
  /** Shown instead of the children when they fail; `retry` renders them again. */
  failed: (retry: () => void, error: unknown) => ReactNode
  /** Runs before a retry, so the retry starts afresh (failed queries or downloads reset). */
  onRetry?: () => void
}

interface BoundaryState {
  failed: boolean
  error: unknown
}

/**
 * A part of the page that waits and may fail on its own: while it waits it shows `fallback`, and
 * if it fails it shows `failed` in its place while the rest of the page stays. It tries again when
 * asked (`retry`) and by itself when the browser comes back online, the usual cure.
 *
 * Ours, not react-error-boundary: home's budget has no room for that library (docs/performance.md),
 * and what it adds beyond this (componentDidCatch, to report) React 19 does at the root: the entry's
 * onCaughtError reports every error a boundary catches (lib/telemetry/start-telemetry.ts).
 */
export class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined }

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: true, error }
  }

  private retry = () => {
    this.props.onRetry?.()
    this.setState({ failed: false, error: undefined })
  }

  private retryWhenFailed = () => {
    if (this.state.failed) this.retry()
  }

  override componentDidMount() {
    window.addEventListener('online', this.retryWhenFailed)
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retryWhenFailed)
  }

  override render() {
    const { children, fallback = null, failed } = this.props
    return this.state.failed ? (
      failed(this.retry, this.state.error)
    ) : (
      <Suspense fallback={fallback}>{children}</Suspense>
    )
  }
}
