import { useEffect, useId, useState } from 'react'
import styles from './quantity-editor.module.css'

// rules.md § Constants and formulas: the quantity box closes itself after 3 s without use.
export const EDITOR_IDLE_MS = 3000

interface QuantityEditorProps {
  title: string
  quantity: number
  /** Why one more is not possible (the stock), if it is not. */
  addLimit?: string
  /** Why one less is not possible (a minimum order), if it is not. */
  removeLimit?: string
  onChange: (change: 'add' | 'remove') => void
  onIdle: () => void
}

/**
 * The plus/minus box of 'Edit Item' (rules.md § Cart); every press restarts the 3 s idle timer. A step
 * the stock rules stop is aria-disabled (it keeps the focus of the shopper who pressed it), and
 * the reason shows under the box.
 */
export function QuantityEditor({
  title,
  quantity,
  addLimit,
  removeLimit,
  onChange,
  onIdle,
}: QuantityEditorProps) {
  const [lastUse, setLastUse] = useState(0)
  const reasonId = useId()
  const reason = addLimit ?? removeLimit

  useEffect(() => {
    const timer = setTimeout(onIdle, EDITOR_IDLE_MS)
    return () => clearTimeout(timer)
  }, [lastUse, onIdle])

  const press = (change: 'add' | 'remove', limit: string | undefined) => {
    setLastUse((count) => count + 1)
    if (!limit) onChange(change)
  }
  const step = (change: 'add' | 'remove', label: string, limit: string | undefined) => (
    <button
      type="button"
      className={styles.step}
      aria-label={label}
      aria-disabled={limit !== undefined}
      aria-describedby={limit ? reasonId : undefined}
      // Two presses are two steps, before the app runs too (lib/early-events.ts).
      data-repeat
      onClick={() => press(change, limit)}
    >
      {change === 'add' ? '+' : '−'}
    </button>
  )

  return (
    <div className={styles.editorBox}>
      <div className={styles.editor} role="group" aria-label={`Quantity of ${title}`}>
        {step('remove', `Remove one ${title}`, removeLimit)}
        <output aria-live="polite">{quantity}</output>
        {step('add', `Add one more ${title}`, addLimit)}
      </div>
      <p id={reasonId} className={styles.limit} role="status">
        {reason}
      </p>
    </div>
  )
}
