import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { act, render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider as JotaiProvider } from 'jotai'
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
  // The providers main.tsx renders.
  const view = render(
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <RouterProvider router={router} />
      </JotaiProvider>
    </QueryClientProvider>,
  )
  await act(() => router.load())
  return { ...view, router, queryClient, store, user }
}
