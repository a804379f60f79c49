import { afterEach, describe, expect, it, vi } from 'vitest'
import { listenToPage } from './page-triggers.ts'

/** Listens as the sync does, with a route that the test shows by calling `showRoute`. */
function listening() {
  const triggers = { shown: vi.fn(), online: vi.fn(), offline: vi.fn() }
  let showRoute = () => {}
  const stop = listenToPage((callback) => {
    showRoute = callback
    return () => {
      showRoute = () => {}
    }
  }, triggers)
  return { triggers, stop, showRoute: () => showRoute() }
}

describe('the moments the page tells the sync of (decisions.md § Sync)', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('a page shown in view: a route, the tab coming into view or focused, a page restored', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
    const { triggers, stop, showRoute } = listening()
    showRoute()
    document.dispatchEvent(new Event('visibilitychange'))
    window.dispatchEvent(new Event('focus'))
    window.dispatchEvent(new Event('pageshow'))
    expect(triggers.shown).toHaveBeenCalledTimes(4)
    stop()
  })

  it('nothing is shown while the tab is out of view', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    const { triggers, stop, showRoute } = listening()
    showRoute()
    document.dispatchEvent(new Event('visibilitychange'))
    window.dispatchEvent(new Event('focus'))
    expect(triggers.shown).not.toHaveBeenCalled()
    stop()
  })

  it('the connection going and returning, until stopped', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
    const { triggers, stop, showRoute } = listening()
    window.dispatchEvent(new Event('offline'))
    window.dispatchEvent(new Event('online'))
    expect(triggers.offline).toHaveBeenCalledOnce()
    expect(triggers.online).toHaveBeenCalledOnce()
    stop()
    window.dispatchEvent(new Event('offline'))
    window.dispatchEvent(new Event('online'))
    window.dispatchEvent(new Event('focus'))
    showRoute()
    expect(triggers.offline).toHaveBeenCalledOnce()
    expect(triggers.online).toHaveBeenCalledOnce()
    expect(triggers.shown).not.toHaveBeenCalled()
  })
})
