import { messages } from '../../../lib/messages.ts'
import styles from './update-prompt.module.css'

/** 'A new version of Meridian is available – Reload', above the header. */
export function UpdateBar({ reloading, onReload }: { reloading: boolean; onReload: () => void }) {
  return (
    <div className={styles.prompt} role="status">
      {messages.newVersion} –{' '}
      <button type="button" className={styles.reload} disabled={reloading} onClick={onReload}>
        {messages.reload}
      </button>
    </div>
  )
}
