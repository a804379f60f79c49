import type { ReactNode } from 'react'
import { errorMessages } from '../lib/api-error.ts'
import { Button } from './button.tsx'
import styles from './error-state.module.css'

interface ErrorStateProps {
  error: unknown
  onRetry: () => void
  /** A heading above the message (a whole page's error has one). */
  children?: ReactNode
}

/** What failed, in the words of rules.md § Error messages, and Retry (decisions.md § Error handling): every error in a page or part. */
export function ErrorState({ error, onRetry, children }: ErrorStateProps) {
  return (
    <div className={styles.error} role="alert">
      {children}
      {errorMessages(error).map((message) => (
        <p key={message} className={styles.text}>
          {message}
        </p>
      ))}
      <div>
        <Button onClick={onRetry}>Retry</Button>
      </div>
    </div>
  )
}
