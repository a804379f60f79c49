import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lazyComponent } from '../lib/lazy-component.ts'
import { OnDemand, WhenLoaded } from './on-demand.tsx'

const Piece = ({ text }: { text: string }) => <p>{text}</p>
const networkError = () => new TypeError('Failed to fetch dynamically imported module: /x.js')

/** A download that fails once, offline (so no reload for a new build), then succeeds. */
function failingOnce() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  return vi
    .fn<() => Promise<{ Piece: typeof Piece }>>()
    .mockRejectedValueOnce(networkError())
    .mockResolvedValue({ Piece })
}

afterEach(() => {
  vi.restoreAllMocks()
  sessionStorage.clear()
})

describe('an on-demand piece', () => {
  it('shows the fallback while its code loads, then the piece', async () => {
    const Lazy = lazyComponent(() => Promise.resolve({ Piece }), 'Piece')
    render(
      <OnDemand fallback={<p>plain</p>}>
        <Lazy text="enhanced" />
      </OnDemand>,
    )
    expect(screen.getByText('plain')).toBeInTheDocument()
    expect(await screen.findByText('enhanced')).toBeInTheDocument()
  })

  it('keeps the page when the download fails, and downloads again once back online', async () => {
    const load = failingOnce()
    const Lazy = lazyComponent(load, 'Piece')
    render(
      <main>
        <h1>The page</h1>
        <OnDemand fallback={<p>plain</p>} failed={<p>not loaded</p>}>
          <Lazy text="enhanced" />
        </OnDemand>
      </main>,
    )
    expect(await screen.findByText('not loaded')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument()

    act(() => void window.dispatchEvent(new Event('online')))
    expect(await screen.findByText('enhanced')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('a failed download is tried again when the piece mounts again (React.lazy would stay failed)', async () => {
    const load = failingOnce()
    const Lazy = lazyComponent(load, 'Piece')
    const piece = (
      <OnDemand failed={<p>not loaded</p>}>
        <Lazy text="menu" />
      </OnDemand>
    )
    const view = render(piece)
    expect(await screen.findByText('not loaded')).toBeInTheDocument()
    view.unmount()
    render(piece)
    expect(await screen.findByText('menu')).toBeInTheDocument()
  })
})

describe('a piece shown once loaded', () => {
  it('shows the fallback, without loading, until its moment; then the piece, never a Suspense fallback', async () => {
    const load = vi.fn(() => Promise.resolve({ Piece }))
    const Lazy = lazyComponent(load, 'Piece')
    const at = (when: boolean) => (
      <WhenLoaded piece={Lazy} when={when} fallback={<p>plain</p>}>
        <Lazy text="enhanced" />
      </WhenLoaded>
    )
    const view = render(at(false))
    await act(() => Promise.resolve())
    expect(load).not.toHaveBeenCalled()
    expect(screen.getByText('plain')).toBeInTheDocument()

    view.rerender(at(true))
    expect(await screen.findByText('enhanced')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
    // Its code is here: a new mount renders the piece in its first render, not a fallback first.
    view.unmount()
    render(at(true))
    expect(screen.getByText('enhanced')).toBeInTheDocument()
    expect(screen.queryByText('plain')).toBeNull()
  })

  it('starts its download in a task after the effects that ask for it, not inside them', async () => {
    const load = vi.fn(() => Promise.resolve({ Piece }))
    const Lazy = lazyComponent(load, 'Piece')
    // The download starts after the task that runs the page's effects (the start adds a preload
    // link per file, which lengthened hydration's last task), and not at all once unmounted.
    const first = render(
      <WhenLoaded piece={Lazy} fallback={<p>plain</p>}>
        <Lazy text="enhanced" />
      </WhenLoaded>,
    )
    expect(load).not.toHaveBeenCalled()
    first.unmount()
    await new Promise((resolve) => setTimeout(resolve))
    expect(load).not.toHaveBeenCalled()

    render(
      <WhenLoaded piece={Lazy} fallback={<p>plain</p>}>
        <Lazy text="enhanced" />
      </WhenLoaded>,
    )
    expect(load).not.toHaveBeenCalled()
    expect(await screen.findByText('enhanced')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('keeps the fallback when the download fails, and loads again once back online', async () => {
    const load = failingOnce()
    const Lazy = lazyComponent(load, 'Piece')
    render(
      <WhenLoaded piece={Lazy} fallback={<p>plain</p>}>
        <Lazy text="enhanced" />
      </WhenLoaded>,
    )
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
    await act(() => Promise.resolve())
    expect(screen.getByText('plain')).toBeInTheDocument()

    act(() => void window.dispatchEvent(new Event('online')))
    expect(await screen.findByText('enhanced')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(2)
  })
})
