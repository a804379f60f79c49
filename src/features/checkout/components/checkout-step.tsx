import type { ReactNode } from 'react'
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
  return (
    <li>
      <section
        className={styles.step}
        aria-labelledby={headingId}
        data-disabled={disabled || undefined}
      >
        <h2 id={headingId} className={styles.stepTitle}>
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
