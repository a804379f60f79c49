import { ToastContainer } from 'react-toastify'

/**
 * Where toasts appear (rules.md § Constants and formulas: top-right, at most 20 at once); `className` places it below the
 * header (the layout's stylesheet).
 */
export function ToastHost({ className }: { className?: string }) {
  return <ToastContainer position="top-right" limit={20} newestOnTop className={className} />
}
