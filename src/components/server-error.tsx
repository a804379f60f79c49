import { errorMessages } from '../lib/api-error.ts'
import styles from './server-error.module.css'

/** A failed request's message next to the form that sent it (the cache also toasts it). */
export function ServerError({ error }: { error: Error | null }) {
  if (!error) return null
  return (
    <p className={styles.serverError} role="alert">
      {errorMessages(error).join(' ')}
    </p>
  )
}
