import { Skeleton } from '../../../components/skeleton.tsx'
import styles from './page-pending.module.css'

/** What a route shows while its code or data loads: the page's rough shape, not a spinner. */
export function PagePending() {
  return (
    <div
      className={`container ${styles.pending}`}
      role="status"
      aria-busy="true"
      aria-label="Loading"
    >
      <Skeleton width="40%" height="2rem" />
      <div className={styles.grid}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height="260px" />
        ))}
      </div>
    </div>
  )
}
