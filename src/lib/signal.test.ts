import { describe, expect, it, vi } from 'vitest'
import { createSignal } from './signal.ts'

describe('createSignal', () => {
  it('tells its subscribers of a change, once per change, until they unsubscribe', () => {
    const signal = createSignal(false)
    const listener = vi.fn()
    const unsubscribe = signal.subscribe(listener)
    signal.set(false)
    expect(listener).not.toHaveBeenCalled()
    signal.set(true)
    expect(signal.get()).toBe(true)
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
    signal.set(false)
    expect(listener).toHaveBeenCalledTimes(1)
    expect(signal.get()).toBe(false)
  })
})
