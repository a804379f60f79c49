import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { createStore, Provider as JotaiProvider } from 'jotai'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { toastNotifier } from './lib/notify.ts'
import { createQueryClient } from './lib/query-client.ts'
import { persistCatalogue } from './lib/query-persistence.ts'
import { startServiceWorker } from './lib/service-worker.ts'
import { createAppRouter, PENDING_MS } from './router.tsx'
import './styles/global.css'

const queryClient = createQueryClient(toastNotifier)
const store = createStore()
const router = createAppRouter({ queryClient, store })
startServiceWorker()

const root = createRoot(document.getElementById('root')!)
const whenSlow = new Promise((resolve) => setTimeout(resolve, PENDING_MS))

// The app renders once the last catalogue is back in the cache (a reload paints it before the
// network answers, and offline) and the first page's code and data are in, or the page has taken
// longer than the router's pending delay (then the layout and the page's pending state show).
// One render of the whole page, as a transition React slices so a slow phone stays responsive:
// home's blocking time measured 69-191 ms so, 227-422 ms rendering the layout first (README).
void persistCatalogue(queryClient, __BUILD_ID__)
  .then(() => Promise.race([router.load(), whenSlow]))
  .then(() =>
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
    ),
  )
