import { useRouterState } from '@tanstack/react-router'
import { useAfterHydration } from '../../../lib/hydrated.tsx'
import styles from './route-progress.module.css'

/** A bar at the top while the next page loads; none in the server's HTML (no navigation there). */
export function RouteProgress() {
  const loading = useAfterHydration(
    useRouterState({ select: (state) => state.status === 'pending' }),
    false,
  )
  return loading ? (
    <div className={styles.bar} role="progressbar" aria-label="Loading page" />
  ) : null
}
