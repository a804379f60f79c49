import { useId, type ReactNode } from 'react'
import styles from './form-field.module.css'

/** The props a field's control takes from FormField: its id and its accessible error wiring. */
export interface ControlProps {
  id: string
  className: string | undefined
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

interface FormFieldProps {
  label: string
  /** The validation message to show under the field (rules.md § Validation rules: once it has been touched). */
  error?: string
  hint?: ReactNode
  children: (control: ControlProps) => ReactNode
}

/** One form field: label, control, hint and error, with aria-invalid and aria-describedby wired. */
export function FormField({ label, error, hint, children }: FormFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined]
    .filter(Boolean)
    .join(' ')
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        className: styles.control,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  )
}
