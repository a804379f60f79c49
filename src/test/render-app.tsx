import { createMemoryHistory } from '@tanstack/react-router'
import { act, render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore } from 'jotai'
import { App } from '../app.tsx'
import { toastNotifier } from '../lib/notify.ts'
import { createQueryClient } from '../lib/query-client.ts'
import { createAppRouter } from '../router.tsx'

/** A QueryClient as the app makes it, but without retries, so a failure shows at once. */
export function createTestQueryClient() {
  const queryClient = createQueryClient(toastNotifier)
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  })
  return queryClient
}

/**
 * Renders the whole app (real route tree, providers, layout) at `path` in memory history, with a
 * fresh QueryClient and Jotai store, and waits for the first navigation to settle.
 */
export async function renderApp(path = '/', userOptions?: Parameters<typeof userEvent.setup>[0]) {
  const queryClient = createTestQueryClient()
  const store = createStore()
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createAppRouter({ queryClient, store }, history)
  const user = userEvent.setup(userOptions)
  const view = render(<App router={router} queryClient={queryClient} store={store} />)
  await act(() => router.load())
  return { ...view, router, queryClient, store, user }
}
