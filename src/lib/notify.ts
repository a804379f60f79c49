import type * as Toastify from 'react-toastify'

// Durations of spec §9: success 2 s (3 s for add-to-cart, chosen by the caller), errors 4 s.
export const TOAST_SUCCESS_MS = 2000
export const TOAST_ERROR_MS = 4000

export interface Notifier {
  error(message: string): void
  success(message: string, durationMs?: number): void
}

/**
 * react-toastify is not needed to draw or use the first screen, so it loads after it: the toast
 * host (see ToastHost) mounts its container once the library has arrived, and toasts raised before
 * then wait for it instead of being lost.
 */
let library: Promise<typeof Toastify> | undefined
const loadToastLibrary = () => (library ??= import('react-toastify'))

let hostReady: () => void = () => undefined
const hostMounted = new Promise<void>((resolve) => {
  hostReady = resolve
})
/** Called by the toast host once its container is on the page. */
export const markToastHostReady = () => hostReady()

async function show(notify: (toastify: typeof Toastify) => void) {
  const toastify = await loadToastLibrary()
  await hostMounted
  notify(toastify)
}

/**
 * Toasts through react-toastify. The message doubles as the toast id, so the same failure reported
 * by several queries at once shows one toast, not a stack of identical ones.
 */
export const toastNotifier: Notifier = {
  error: (message) =>
    void show(({ toast }) => toast.error(message, { toastId: message, autoClose: TOAST_ERROR_MS })),
  success: (message, durationMs = TOAST_SUCCESS_MS) =>
    void show(({ toast }) => toast.success(message, { toastId: message, autoClose: durationMs })),
}
