import { ToastContainer } from 'react-toastify'
import styles from './toast-host.module.css'

/** Where toasts appear (rules.md § Constants and formulas: top-right, at most 20 at once), below the header. */
export function ToastHost() {
  return <ToastContainer position="top-right" limit={20} newestOnTop className={styles.host} />
}
