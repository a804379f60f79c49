import { useEffect, useState } from 'react'
import styles from './cart.module.css'

// Spec §9: the quantity box closes itself after 3 s without use.
export const EDITOR_IDLE_MS = 3000

interface QuantityEditorProps {
  title: string
  quantity: number
  onChange: (change: 'add' | 'remove') => void
  onIdle: () => void
}

/** The plus/minus box of 'Edit Item' (spec §2.7); every press restarts the 3 s idle timer. */
export function QuantityEditor({ title, quantity, onChange, onIdle }: QuantityEditorProps) {
  const [lastUse, setLastUse] = useState(0)

  useEffect(() => {
    const timer = setTimeout(onIdle, EDITOR_IDLE_MS)
    return () => clearTimeout(timer)
  }, [lastUse, onIdle])

  const press = (change: 'add' | 'remove') => {
    setLastUse((count) => count + 1)
    onChange(change)
  }

  return (
    <div className={styles.editor} role="group" aria-label={`Quantity of ${title}`}>
      <button
        type="button"
        className={styles.step}
        aria-label={`Remove one ${title}`}
        onClick={() => press('remove')}
      >
        −
      </button>
      <output aria-live="polite">{quantity}</output>
      <button
        type="button"
        className={styles.step}
        aria-label={`Add one more ${title}`}
        onClick={() => press('add')}
      >
        +
      </button>
    </div>
  )
}
