import { ToastContainer } from 'react-toastify'

/** Where toasts appear (spec §9: top-right, at most 20 at once). */
export function ToastHost() {
  return <ToastContainer position="top-right" limit={20} newestOnTop />
}
