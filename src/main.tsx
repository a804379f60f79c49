import { createStore } from 'jotai'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.tsx'
import { toastNotifier } from './lib/notify.ts'
import { createQueryClient } from './lib/query-client.ts'
import { persistCatalogue } from './lib/query-persistence.ts'
import { registerServiceWorker } from './lib/service-worker.ts'
import { createAppRouter } from './router.tsx'
import './styles/global.css'

const queryClient = createQueryClient(toastNotifier)
// The last catalogue is in the cache before the router's first loaders run.
await persistCatalogue(queryClient, __BUILD_ID__)
const store = createStore()
const router = createAppRouter({ queryClient, store })
registerServiceWorker()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} store={store} />
  </StrictMode>,
)
