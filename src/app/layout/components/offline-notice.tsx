import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import styles from './offline-notice.module.css'

/** A clear notice while the connection is gone (decisions.md § Error handling), never a blank page. */
export function OfflineNotice() {
  const online = useOnlineStatus()
  if (online) return null
  return (
    <div className={styles.notice} role="status">
      You are offline. Pages you have already visited still work; the rest will load when you are
      back online.
    </div>
  )
}
