import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { orderKeys } from '../domain/orders/orders.keys.ts'
import { PERSISTED_CACHE_KEY, persistCatalogue } from './query-persistence.ts'

const product = { id: 1, title: 'Lamp' }
const unsubscribers: (() => void)[] = []
afterEach(() => {
  for (const unsubscribe of unsubscribers.splice(0)) unsubscribe()
  vi.useRealTimers()
})

async function session(buildId: string) {
  const queryClient = new QueryClient()
  unsubscribers.push(await persistCatalogue(queryClient, buildId))
  return queryClient
}

/** Saves are throttled; wait until the cache is written. */
const saved = () =>
  vi.waitFor(() => expect(localStorage.getItem(PERSISTED_CACHE_KEY)).toContain('Lamp'), {
    timeout: 3000,
  })

describe('the persisted query cache', () => {
  it('restores the catalogue of the same build after a reload', async () => {
    const first = await session('build-a')
    first.setQueryData(['catalogue', 'product', 1], product)
    await saved()
    const reloaded = await session('build-a')
    expect(reloaded.getQueryData(['catalogue', 'product', 1])).toEqual(product)
  })

  it('saves what the client held before it started saving, with no further change', async () => {
    // A page the server rendered: its data is in the client before the persistence has loaded.
    const queryClient = new QueryClient()
    queryClient.setQueryData(['catalogue', 'product', 1], product)
    unsubscribers.push(await persistCatalogue(queryClient, 'build-a'))
    await saved()
  })

  it('discards the cache when the build changes', async () => {
    const first = await session('build-a')
    first.setQueryData(['catalogue', 'product', 1], product)
    await saved()
    const nextBuild = await session('build-b')
    expect(nextBuild.getQueryData(['catalogue', 'product', 1])).toBeUndefined()
  })

  it('never keeps account data: the profile, the orders the server keeps for it', async () => {
    const first = await session('build-a')
    first.setQueryData(['account', 'user', 1], { email: 'emily@example.com' })
    first.setQueryData(orderKeys.ofAccount(1), [{ number: 'MRD-7K2P9QXA4M' }])
    first.setQueryData(['catalogue', 'product', 1], product)
    await saved()
    expect(localStorage.getItem(PERSISTED_CACHE_KEY)).not.toContain('emily@example.com')
    expect(localStorage.getItem(PERSISTED_CACHE_KEY)).not.toContain('MRD-7K2P9QXA4M')
  })

  it('discards an unreadable cache instead of failing', async () => {
    localStorage.setItem(PERSISTED_CACHE_KEY, '{"clientState": nope')
    const queryClient = await session('build-a')
    expect(queryClient.getQueryCache().getAll()).toEqual([])
    expect(localStorage.getItem(PERSISTED_CACHE_KEY)).toBeNull()
  })

  it('when storage is full, drops the oldest answers and keeps the newest', async () => {
    // A storage with room for about one big answer, as a nearly full localStorage.
    const items = new Map<string, string>()
    const small: Storage = {
      get length() {
        return items.size
      },
      clear: () => items.clear(),
      getItem: (key) => items.get(key) ?? null,
      key: (index) => [...items.keys()][index] ?? null,
      removeItem: (key) => void items.delete(key),
      setItem: (key, value) => {
        if (value.length > 3000) throw new DOMException('full', 'QuotaExceededError')
        items.set(key, value)
      },
    }
    const queryClient = new QueryClient()
    unsubscribers.push(await persistCatalogue(queryClient, 'build-a', small))
    // Answered a minute apart: which is the oldest is not left to the clock's resolution.
    queryClient.setQueryData(
      ['catalogue', 'product', 1],
      { id: 1, title: 'Old', text: 'x'.repeat(2000) },
      { updatedAt: Date.now() - 60_000 },
    )
    queryClient.setQueryData(['catalogue', 'product', 2], {
      id: 2,
      title: 'New',
      text: 'y'.repeat(2000),
    })
    await vi.waitFor(() => expect(small.getItem(PERSISTED_CACHE_KEY)).toContain('New'), {
      timeout: 3000,
    })
    expect(small.getItem(PERSISTED_CACHE_KEY)).not.toContain('Old')
  })
})
