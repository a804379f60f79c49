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

/**
 * Toasts through react-toastify. The message doubles as the toast id, so the same failure reported
 * by several queries at once shows one toast, not a stack of identical ones.
 */
export const toastNotifier: Notifier = {
  error: (message) =>
    void toastLibrary().then(({ toast }) =>
      toast.error(message, { toastId: message, autoClose: TOAST_ERROR_MS }),
    ),
  success: (message, durationMs = TOAST_SUCCESS_MS) =>
    void toastLibrary().then(({ toast }) =>
      toast.success(message, { toastId: message, autoClose: durationMs }),
    ),
}
