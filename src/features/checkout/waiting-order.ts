import { useRouter } from '@tanstack/react-router'
import { useStore } from 'jotai'
import { useEffect } from 'react'
import { env } from '../../lib/env.ts'
import { storedText } from '../../lib/storage-atom.ts'

/** Whether an order waits on this device (domain/orders/pending-order.ts keeps it there). */
const orderWaits = () => storedText('pendingOrder') !== null

/**
 * Sends an order that waits on this device once the app runs (`ready`) and whenever the connection
 * returns, on any page but the checkout's. Only this check is on every page; the sending's code
 * loads when an order waits.
 */
export function useWaitingOrder(ready: boolean) {
  const store = useStore()
  const router = useRouter()
  useEffect(() => {
    if (!ready || !env.bundledApi) return
    const send = () => {
      // The checkout sends it itself, and says how it went in the page.
      if (router.state.location.pathname === '/checkout') return
      if (orderWaits())
        void import('./send-waiting-order.ts').then(({ sendWaitingOrder }) =>
          sendWaitingOrder(store, router.options.context.queryClient),
        )
    }
    send()
    addEventListener('online', send)
    return () => removeEventListener('online', send)
  }, [ready, store, router])
}
