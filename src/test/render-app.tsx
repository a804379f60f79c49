import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { act, cleanup, render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toastNotifier } from '../lib/notify.ts'
import { createAppRouter } from '../router.tsx'

/**
 * Renders the whole app (real route tree, providers, the document and its layout) at `path` in
 * memory history, with a fresh QueryClient (without retries, so a failure shows at once) and Jotai
 * store, as the browser renders the offline shell, and waits for the first navigation to settle.
 */
export async function renderApp(path = '/', userOptions?: Parameters<typeof userEvent.setup>[0]) {
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createAppRouter({ notifier: toastNotifier, origin: location.origin, history })
  const { queryClient, store } = router.options.context
  const defaults = queryClient.getDefaultOptions()
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } })
  const user = userEvent.setup(userOptions)
  // The root route renders the whole document (<html>), as main.tsx renders it into `document`.
  const view = render(<RouterProvider router={router} />, { container: document })
  await act(() => router.load())
  // Testing Library keeps one root per container: unmounting forgets it too, so the next render of
  // the document (a reload in a test) gets a fresh one.
  return { ...view, unmount: cleanup, router, queryClient, store, user }
}
