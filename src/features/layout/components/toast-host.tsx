import { useEffect } from 'react'
import { ToastContainer } from 'react-toastify'
import { markToastHostReady } from '../../../lib/notify.ts'

/** Where toasts appear (spec §9: top-right, at most 20 at once). Loaded with the first toast. */
export function ToastHost() {
  useEffect(() => markToastHostReady(), [])
  return <ToastContainer position="top-right" limit={20} newestOnTop />
}
