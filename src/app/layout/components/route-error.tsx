import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ErrorState } from '../../../components/error-state.tsx'
import styles from './status-page.module.css'

/** A page whose data failed to load: what went wrong, and Retry (decisions.md § Error handling). */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const queryErrorReset = useQueryErrorResetBoundary()

  useEffect(() => {
    // Failed queries stay failed until reset; resetting here lets Retry fetch them again.
    queryErrorReset.reset()
  }, [queryErrorReset])

  return (
    <section className={`container ${styles.page}`} aria-labelledby="route-error-title">
      <ErrorState error={error} onRetry={() => void router.invalidate()}>
        <h1 id="route-error-title">Sorry, this page could not be loaded</h1>
      </ErrorState>
    </section>
  )
}
