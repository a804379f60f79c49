import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterPaintWhenIdle } from './after-paint.ts'

describe('afterPaintWhenIdle', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('calls back once the page is idle', async () => {
    vi.useFakeTimers()
    const callback = vi.fn()
    afterPaintWhenIdle(callback)
    await vi.runAllTimersAsync()
    expect(callback).toHaveBeenCalledOnce()
  })

  it('once cancelled, neither calls back nor asks the page for idle time (the page may be gone)', async () => {
    vi.useFakeTimers()
    const requestIdleCallback = vi.fn()
    vi.stubGlobal('requestIdleCallback', requestIdleCallback)
    const callback = vi.fn()
    const cancel = afterPaintWhenIdle(callback)
    cancel()
    await vi.runAllTimersAsync()
    expect(requestIdleCallback).not.toHaveBeenCalled()
    expect(callback).not.toHaveBeenCalled()
  })
})
