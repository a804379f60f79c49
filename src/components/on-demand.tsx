import { Component, Suspense, type ReactNode } from 'react'
import { retryFailedDownloads } from '../lib/lazy-component.ts'

interface OnDemandProps {
  children: ReactNode
  /** Shown while the code loads, and instead of the piece if its download fails. */
  fallback?: ReactNode
  /** Shown instead of `fallback` when the download failed. */
  failed?: ReactNode
}

/**
 * Where a piece whose code loads on demand (`lazyComponent`) renders. A failed download shows the
 * fallback instead of taking the page down, and is tried again when the browser is back online
 * (the usual cause) or when the piece is mounted again.
 */
export class OnDemand extends Component<OnDemandProps, { failed: boolean }> {
  override state = { failed: false }

  constructor(props: OnDemandProps) {
    super(props)
    retryFailedDownloads()
  }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  private retry = () => {
    retryFailedDownloads()
    this.setState({ failed: false })
  }

  override componentDidMount() {
    window.addEventListener('online', this.retry)
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry)
  }

  override render() {
    const { children, fallback = null, failed = fallback } = this.props
    return this.state.failed ? failed : <Suspense fallback={fallback}>{children}</Suspense>
  }
}
