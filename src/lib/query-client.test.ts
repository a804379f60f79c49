import { InfiniteQueryObserver, onlineManager } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-error.ts'
import type { Notifier } from './notify.ts'
import { createQueryClient, PERSISTED_MAX_AGE_MS } from './query-client.ts'

function setup() {
  const error = vi.fn<(message: string) => void>()
  const notify: Notifier = { error, success: vi.fn() }
  const queryClient = createQueryClient(notify)
  queryClient.setDefaultOptions({ queries: { retry: false } })
  return { notify: { error }, queryClient }
}

const failure = (status: number, body: unknown) => new ApiError({ kind: 'http', status, body }, 'x')

describe('toasts come from the query and mutation caches only', () => {
  it('does not toast a failed first load: the page shows it', async () => {
    const { notify, queryClient } = setup()
    await queryClient
      .fetchQuery({ queryKey: ['first'], queryFn: () => Promise.reject(failure(500, null)) })
      .catch(() => undefined)
    expect(notify.error).not.toHaveBeenCalled()
  })

  it('toasts a failed background refresh with the spec texts, keeping the data', async () => {
    const { notify, queryClient } = setup()
    queryClient.setQueryData(['list'], ['kept'])
    await queryClient
      .fetchQuery({
        queryKey: ['list'],
        queryFn: () => Promise.reject(failure(400, { errors: ['One', 'Two'] })),
        staleTime: 0,
      })
      .catch(() => undefined)
    expect(notify.error.mock.calls).toEqual([['One'], ['Two']])
    expect(queryClient.getQueryData(['list'])).toEqual(['kept'])
  })

  it('leaves a 401 to the session handling instead of toasting it', async () => {
    const { notify, queryClient } = setup()
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => Promise.reject(failure(401, { message: 'Invalid/Expired Token!' })),
    })
    await mutation.execute(undefined).catch(() => undefined)
    expect(notify.error).not.toHaveBeenCalled()
  })

  it('toasts every failed mutation', async () => {
    const { notify, queryClient } = setup()
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => Promise.reject(failure(500, { message: 'ignored for 500' })),
    })
    await mutation.execute(undefined).catch(() => undefined)
    expect(notify.error).toHaveBeenCalledWith('Something went wrong please contact system admin!')
  })

  it('toasts a mutation success message when the mutation names one', async () => {
    const success = vi.fn<(message: string, ms?: number) => void>()
    const queryClient = createQueryClient({ error: vi.fn(), success })
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => Promise.resolve('done'),
      meta: { successMessage: 'Saved!', successToastMs: 3000 },
    })
    await mutation.execute(undefined)
    expect(success).toHaveBeenCalledWith('Saved!', 3000)
  })

  it('keeps catalogue data fresh for five minutes and retries only transient failures', () => {
    const defaults = createQueryClient({ error: vi.fn(), success: vi.fn() }).getDefaultOptions()
      .queries
    expect(defaults?.staleTime).toBe(5 * 60_000)
    // An idle tab keeps, and so keeps saving, what the persisted cache promises for 24 hours.
    expect(defaults?.gcTime).toBeGreaterThanOrEqual(PERSISTED_MAX_AGE_MS)
    const retry = defaults?.retry as (count: number, error: unknown) => boolean
    expect(retry(0, failure(503, null))).toBe(true)
    expect(retry(1, failure(503, null))).toBe(true)
    expect(retry(2, failure(503, null))).toBe(false)
    expect(retry(0, failure(404, null))).toBe(false)
  })
})

describe('offline, nothing waits for the connection (decisions.md § Offline)', () => {
  const offline = () => new ApiError({ kind: 'network', offline: true }, 'x')

  it('tries a query once and fails at once, leaving a refresh of data on screen untoasted', async () => {
    onlineManager.setOnline(false)
    try {
      const error = vi.fn<(message: string) => void>()
      const queryClient = createQueryClient({ error, success: vi.fn() })
      const queryFn = vi.fn(() => Promise.reject(offline()))
      await expect(queryClient.fetchQuery({ queryKey: ['new'], queryFn })).rejects.toThrow()
      expect(queryFn).toHaveBeenCalledTimes(1)

      queryClient.setQueryData(['kept'], 'data')
      await expect(
        queryClient.fetchQuery({ queryKey: ['kept'], queryFn, staleTime: 0 }),
      ).rejects.toThrow()
      expect(queryClient.getQueryData(['kept'])).toBe('data')
      expect(error).not.toHaveBeenCalled()
    } finally {
      onlineManager.setOnline(true)
    }
  })

  it("answers a shopper's Load More with the offline message", async () => {
    onlineManager.setOnline(false)
    try {
      const error = vi.fn<(message: string) => void>()
      const queryClient = createQueryClient({ error, success: vi.fn() })
      const pages = {
        queryKey: ['pages'],
        queryFn: ({ pageParam }: { pageParam: number }) =>
          pageParam === 0 ? Promise.resolve([0]) : Promise.reject(offline()),
        initialPageParam: 0,
        getNextPageParam: (last: number[]) => (last[0] ?? 0) + 1,
      }
      await queryClient.fetchInfiniteQuery(pages)
      const observer = new InfiniteQueryObserver(queryClient, pages)
      await observer.fetchNextPage()
      expect(error).toHaveBeenCalledWith('You are offline. Check your connection and try again.')
    } finally {
      onlineManager.setOnline(true)
    }
  })

  it('runs an action at once', async () => {
    onlineManager.setOnline(false)
    try {
      const queryClient = createQueryClient({ error: vi.fn(), success: vi.fn() })
      const mutation = queryClient.getMutationCache().build(queryClient, {
        mutationFn: () => Promise.resolve('added'),
      })
      await expect(mutation.execute(undefined)).resolves.toBe('added')
    } finally {
      onlineManager.setOnline(true)
    }
  })
})
