import type * as Toastify from 'react-toastify'

// Durations of spec §9: success 2 s (3 s for add-to-cart, chosen by the caller), errors 4 s.
export const TOAST_SUCCESS_MS = 2000
export const TOAST_ERROR_MS = 4000

export interface Notifier {
  error(message: string): void
  success(message: string, durationMs?: number): void
}

/**
 * react-toastify is not needed until there is something to say, so it loads with the first toast:
 * that toast asks for the host (see ToastHost), which mounts its container once the library has
 * arrived, and the toast waits for it instead of being lost. A page that never toasts never
 * downloads or runs the library.
 */
let library: Promise<typeof Toastify> | undefined
const loadToastLibrary = () => (library ??= import('react-toastify'))

let hostReady: () => void = () => undefined
const hostMounted = new Promise<void>((resolve) => {
  hostReady = resolve
})
/** Called by the toast host once its container is on the page. */
export const markToastHostReady = () => hostReady()

let hostWanted = false
const demandListeners = new Set<() => void>()
/** Whether a toast has been asked for yet: the layout mounts the host from then on. */
export const toastHostDemand = {
  subscribe: (listener: () => void) => {
    demandListeners.add(listener)
    return () => void demandListeners.delete(listener)
  },
  wanted: () => hostWanted,
}

async function show(notify: (toastify: typeof Toastify) => void) {
  if (!hostWanted) {
    hostWanted = true
    demandListeners.forEach((listener) => listener())
  }
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
