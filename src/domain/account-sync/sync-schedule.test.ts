import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSyncSchedule } from './sync-schedule.ts'

describe('when the sync talks (decisions.md § Sync)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('sends 300 ms after the last change, once for a run of them', () => {
    const schedule = createSyncSchedule()
    const send = vi.fn()
    schedule.sendSoon(send)
    vi.advanceTimersByTime(200)
    schedule.sendSoon(send)
    vi.advanceTimersByTime(299)
    expect(send).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(send).toHaveBeenCalledOnce()
  })

  it('tries a failed exchange again after 1 s, 2 s, 4 s… up to every 30 s', () => {
    const schedule = createSyncSchedule()
    const waits: number[] = []
    for (let attempt = 0; attempt < 7; attempt++) {
      const retry = vi.fn()
      schedule.retryLater(retry)
      const start = Date.now()
      while (retry.mock.calls.length === 0) vi.advanceTimersByTime(1_000)
      waits.push(Date.now() - start)
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000])
  })

  it('waits 1 s again after a success (or the connection returning)', () => {
    const schedule = createSyncSchedule()
    schedule.retryLater(() => {})
    schedule.retryLater(() => {})
    schedule.resetBackoff()
    const retry = vi.fn()
    schedule.retryLater(retry)
    vi.advanceTimersByTime(1_000)
    expect(retry).toHaveBeenCalledOnce()
  })

  it('a page shown within 300 ms of the last request asks nothing', () => {
    const schedule = createSyncSchedule()
    expect(schedule.askedRecently()).toBe(false)
    schedule.requestMade()
    vi.advanceTimersByTime(299)
    expect(schedule.askedRecently()).toBe(true)
    vi.advanceTimersByTime(1)
    expect(schedule.askedRecently()).toBe(false)
  })

  it('runs nothing waiting once cancelled or stopped', () => {
    const schedule = createSyncSchedule()
    const send = vi.fn()
    const retry = vi.fn()
    schedule.sendSoon(send)
    schedule.cancelSend()
    schedule.retryLater(retry)
    schedule.cancelRetry()
    schedule.sendSoon(send)
    schedule.retryLater(retry)
    schedule.stop()
    vi.advanceTimersByTime(60_000)
    expect(send).not.toHaveBeenCalled()
    expect(retry).not.toHaveBeenCalled()
  })
})
