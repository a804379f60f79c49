import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { createStore, Provider as JotaiProvider } from 'jotai'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { toastNotifier } from './lib/notify.ts'
import { createQueryClient } from './lib/query-client.ts'
import { persistCatalogue } from './lib/query-persistence.ts'
import { registerServiceWorker } from './lib/service-worker.ts'
import { createAppRouter } from './router.tsx'
import './styles/global.css'

const queryClient = createQueryClient(toastNotifier)
const store = createStore()
const router = createAppRouter({ queryClient, store })
registerServiceWorker()

// The app renders once the last catalogue is back in the cache, so a reload paints it before
// the network answers (and offline). Only a local read: no request waits. The first render is a
// transition, which React renders in slices a slow phone can interrupt (see README, Performance).
void persistCatalogue(queryClient, __BUILD_ID__).then(() => {
  const root = createRoot(document.getElementById('root')!)
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <JotaiProvider store={store}>
            <RouterProvider router={router} />
          </JotaiProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  )
})
