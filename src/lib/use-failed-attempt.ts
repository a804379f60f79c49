import { useEffect } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { errorMessages } from './api-error.ts'

// The failure raised its toast, so the library is here (lib/notify.ts); a toast's id is its text.
const dismissToast = (message: string) =>
  void import('react-toastify').then(({ toast }) => toast.dismiss(message))

/**
 * A failed attempt's error lasts until the shopper changes the form or tries again, or the form
 * leaves the page (rules.md § Validation rules): the message beside the form (the mutation's
 * error) and the toast the mutation cache raised for it both go then, so a successful sign-in
 * never stands under 'Invalid credentials'.
 */
export function useFailedAttempt<T extends FieldValues>(
  form: UseFormReturn<T>,
  { error, reset }: { error: Error | null; reset: () => void },
) {
  useEffect(() => {
    if (!error) return
    const subscription = form.watch(() => reset())
    return () => {
      subscription.unsubscribe()
      errorMessages(error).forEach(dismissToast)
    }
  }, [form, error, reset])
}
