import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ErrorState } from '../../../components/error-state.tsx'
import { isOffline } from '../../../lib/api-error.ts'
import styles from './status-page.module.css'

/**
 * A page whose data failed to load: what went wrong, and Retry (decisions.md § Error handling).
 * Offline, that is a page this device has not kept: it says so, and loads once the connection is
 * back, as the offline notice promises (decisions.md § Offline).
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const queryErrorReset = useQueryErrorResetBoundary()
  const offline = isOffline(error)

  useEffect(() => {
    // Failed queries stay failed until reset; resetting here lets Retry fetch them again.
    queryErrorReset.reset()
  }, [queryErrorReset])

  useEffect(() => {
    if (!offline) return
    const retry = () => void router.invalidate()
    addEventListener('online', retry)
    return () => removeEventListener('online', retry)
  }, [offline, router])

  return (
    <section className={`container ${styles.page}`} aria-labelledby="route-error-title">
      <ErrorState error={error} onRetry={() => void router.invalidate()}>
        <h1 id="route-error-title">
          {offline
            ? 'This page is not saved on this device'
            : 'Sorry, this page could not be loaded'}
        </h1>
      </ErrorState>
    </section>
  )
}
