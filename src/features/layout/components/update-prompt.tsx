import { useState, useSyncExternalStore } from 'react'
import { messages } from '../../../lib/messages.ts'
import { applyUpdate, onUpdateWaiting, updateWaiting } from '../../../lib/service-worker.ts'
import styles from './update-prompt.module.css'

/**
 * Offers a new version of the app once it is installed (decisions §8), never swapping it in
 * silently: Reload activates it. The cart and a half-typed address are kept in storage, so the
 * reload loses nothing.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(onUpdateWaiting, updateWaiting, () => false)
  const [reloading, setReloading] = useState(false)
  if (!waiting) return null
  return (
    <div className={styles.prompt} role="status">
      {messages.newVersion} –{' '}
      <button
        type="button"
        className={styles.reload}
        disabled={reloading}
        onClick={() => {
          setReloading(true)
          applyUpdate()
        }}
      >
        {messages.reload}
      </button>
    </div>
  )
}
