import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { Provider as JotaiProvider } from 'jotai'
import type { createAppRouter } from './router.tsx'
import type { RouterContext } from './lib/router-context.ts'

interface AppProps extends RouterContext {
  router: ReturnType<typeof createAppRouter>
}

/** The providers around the router; start.tsx and the tests render the same tree. */
export function App({ router, queryClient, store }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <RouterProvider router={router} />
      </JotaiProvider>
    </QueryClientProvider>
  )
}
