import { useRouterState } from '@tanstack/react-router'
import styles from './route-progress.module.css'

export function RouteProgress() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' })
  return loading ? (
    <div className={styles.bar} role="progressbar" aria-label="Loading page" />
  ) : null
}
