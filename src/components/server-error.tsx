import { errorMessages } from '../lib/api-error.ts'
import styles from './server-error.module.css'

/**
 * A failed attempt's message next to the form that made it: the request's error (the cache also
 * toasts it), or a text of the page's own for an answer that means no (an order not found).
 */
export function ServerError({ error }: { error: Error | string | null }) {
  if (!error) return null
  return (
    <p className={styles.serverError} role="alert">
      {typeof error === 'string' ? error : errorMessages(error).join(' ')}
    </p>
  )
}
