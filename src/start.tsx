import { createStore } from 'jotai'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.tsx'
import { toastNotifier } from './lib/notify.ts'
import { createQueryClient } from './lib/query-client.ts'
import { persistCatalogue } from './lib/query-persistence.ts'
import { registerServiceWorker } from './lib/service-worker.ts'
import { createAppRouter, PENDING_MS } from './router.tsx'
import './styles/global.css'

// Start-up runs as several short tasks, not one long one that a slow phone could not interrupt.
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0))

const queryClient = createQueryClient(toastNotifier)
// The last catalogue is in the cache before the router's first loaders run.
await persistCatalogue(queryClient, __BUILD_ID__)
await yieldToBrowser()
const store = createStore()
const router = createAppRouter({ queryClient, store })
registerServiceWorker()
await yieldToBrowser()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// The first page renders whole, in one time-sliced transition: mounted earlier, the router's
// later state change would re-render it synchronously, one long task on a slow phone. A page
// whose code or data is slow to come still shows the layout and its pending state in time.
await Promise.race([
  router.load().catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, PENDING_MS)),
])
const reactRoot = createRoot(root)
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} store={store} />
    </StrictMode>,
  )
})
