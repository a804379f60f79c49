import { useEffect, useRef, type ReactNode } from 'react'
import styles from './checkout.module.css'

interface CheckoutStepProps {
  number: number
  title: string
  /** A step stays disabled until the ones before it are filled (rules.md § Checkout). */
  disabled: boolean
  disabledText: string
  children: ReactNode
}

export function CheckoutStep({
  number,
  title,
  disabled,
  disabledText,
  children,
}: CheckoutStepProps) {
  const headingId = `checkout-step-${number}`
  const heading = useRef<HTMLHeadingElement>(null)
  const wasDisabled = useRef(disabled)
  // The step before was just filled: its form is gone, and the focus with it to the body. The
  // focus goes to this step's heading, which a screen reader reads.
  useEffect(() => {
    if (wasDisabled.current && !disabled && document.activeElement === document.body)
      heading.current?.focus()
    wasDisabled.current = disabled
  }, [disabled])
  return (
    <li>
      <section
        className={styles.step}
        aria-labelledby={headingId}
        data-disabled={disabled || undefined}
      >
        <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.stepTitle}>
          <span className={styles.stepNumber} aria-hidden="true">
            {number}
          </span>
          {title}
        </h2>
        {disabled ? <p className={styles.note}>{disabledText}</p> : children}
      </section>
    </li>
  )
}
