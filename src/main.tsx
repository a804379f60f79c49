import { createStore } from 'jotai'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.tsx'
import { toastNotifier } from './lib/notify.ts'
import { createQueryClient } from './lib/query-client.ts'
import { createAppRouter } from './router.tsx'
import './styles/global.css'

const queryClient = createQueryClient(toastNotifier)
const store = createStore()
const router = createAppRouter({ queryClient, store })

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} store={store} />
  </StrictMode>,
)
