import { useSyncExternalStore } from 'react'
import { createSignal } from './signal.ts'

// Durations of rules.md § Constants and formulas: success 2 s (3 s for add-to-cart, chosen by the caller), errors 4 s.
export const TOAST_SUCCESS_MS = 2000
export const TOAST_ERROR_MS = 4000

export interface Notifier {
  error(message: string): void
  success(message: string, durationMs?: number): void
}

// react-toastify arrives with the first toast, or with the layout's toast host once the page is
// idle (the same chunk). The library queues a toast until its container is on the page.
const toastLibrary = () => import('react-toastify')

// Whether this page has raised a toast: the layout puts the toasts' container on the page from
// then on (useToastsRaised). The library adds its stylesheet as the container mounts, which
// restyles the whole page (decisions.md § Server rendering): a page that never shows a toast never
// pays for it.
const raised = createSignal(false)

/** Whether a toast has been raised on this page (false in the server's HTML and in hydration). */
export function useToastsRaised(): boolean {
  return useSyncExternalStore(raised.subscribe, raised.get, () => false)
}

/**
 * Toasts through react-toastify. The message doubles as the toast id, so the same failure reported
 * by several queries at once shows one toast, not a stack of identical ones.
 */
export const toastNotifier: Notifier = {
  error: (message) => {
    raised.set(true)
    void toastLibrary().then(({ toast }) =>
      toast.error(message, { toastId: message, autoClose: TOAST_ERROR_MS }),
    )
  },
  success: (message, durationMs = TOAST_SUCCESS_MS) => {
    raised.set(true)
    void toastLibrary().then(({ toast }) =>
      toast.success(message, { toastId: message, autoClose: durationMs }),
    )
  },
}
