import { useHydrated } from '@tanstack/react-router'
import type { ButtonHTMLAttributes } from 'react'
import styles from './button.module.css'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost'

/** The button look, for links that should look like buttons (e.g. `<Link className={buttonClass()}>`). */
export function buttonClass(variant: ButtonVariant = 'primary', extra?: string): string {
  return [styles.button, styles[variant], extra].filter(Boolean).join(' ')
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
}

/**
 * A button of the app: only the app can act on it. In the server's HTML, until the app has taken
 * the page over, it says it is not ready rather than swallow a tap (a tap before then reaches no
 * handler): `aria-disabled`, and a submit button `disabled`, so that Enter in a field does not
 * send its form (and what was typed, a password too) to the address bar. It dims only if the
 * wait lasts (button.module.css), so a fast load does not flicker.
 */
export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  const awaitingApp = !useHydrated()
  return (
    <button
      type={type}
      className={buttonClass(variant, className)}
      {...props}
      {...(awaitingApp && {
        'aria-disabled': true,
        disabled: type === 'submit' || props.disabled,
        'data-awaiting-app': '',
      })}
    />
  )
}
