import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Boundary } from './boundary.tsx'

// Our own boundary rather than react-error-boundary, which would add about 0.7 KB to home (over
// its size budget). What that library adds beyond this (componentDidCatch, to report) React 19
// does at the root: the entry's onCaughtError sends every caught error (start-telemetry.ts).

let broken = true
function Part() {
  if (broken) throw new Error('part failed')
  return <p>the part</p>
}

const renderBoundary = (onRetry = vi.fn()) => {
  const onCaughtError = vi.fn()
  render(
    <main>
      <p>the rest of the page</p>
      <Boundary
        onRetry={onRetry}
        failed={(retry, error) => (
          <button type="button" onClick={retry}>
            Retry after {(error as Error).message}
          </button>
        )}
      >
        <Part />
      </Boundary>
    </main>,
    { onCaughtError },
  )
  return { onCaughtError, onRetry }
}

describe('a part of the page that fails on its own (Boundary)', () => {
  it('shows its failed state in its place, keeps the rest of the page, and hands the error to the root to report', () => {
    broken = true
    const { onCaughtError } = renderBoundary()
    expect(screen.getByRole('button', { name: 'Retry after part failed' })).toBeInTheDocument()
    expect(screen.getByText('the rest of the page')).toBeInTheDocument()
    expect(onCaughtError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'part failed' }),
      expect.anything(),
    )
  })

  it('renders the part again when asked, after its onRetry', async () => {
    broken = true
    const { onRetry } = renderBoundary()
    broken = false
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }))
    expect(onRetry).toHaveBeenCalledOnce()
    expect(screen.getByText('the part')).toBeInTheDocument()
  })

  it('tries again by itself when the browser comes back online', () => {
    broken = true
    renderBoundary()
    broken = false
    act(() => void window.dispatchEvent(new Event('online')))
    expect(screen.getByText('the part')).toBeInTheDocument()
  })
})
