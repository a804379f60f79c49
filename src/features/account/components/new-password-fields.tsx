import type { UseFormRegisterReturn } from 'react-hook-form'
import { FormField } from '../../../components/form-field.tsx'
import { accountMessages } from '../../../lib/page-messages.ts'

/** The first field's name: a registration's password, or a new one for an account. */
type First = 'password' | 'newPassword'

const FIRST_LABELS: Record<First, string> = { password: 'Password', newPassword: 'New Password' }

interface NewPasswordFieldsProps<F extends First> {
  /** The first field's name; the second is `confirmPassword`. */
  first: F
  /** The form's `register` and `formState.errors`, of a form that has both fields. */
  register: (name: F | 'confirmPassword') => UseFormRegisterReturn
  errors: Partial<Record<F | 'confirmPassword', { message?: string }>>
}

/**
 * A password chosen, typed twice, the first with the spec's hint (rules.md § Sign-in and
 * registration, § My account): the registration's, the profile's and the reset page's
 * (rules.md § Password reset).
 */
export function NewPasswordFields<F extends First>({
  first,
  register,
  errors,
}: NewPasswordFieldsProps<F>) {
  const fields = [
    { name: first, label: FIRST_LABELS[first], hint: accountMessages.passwordHint },
    { name: 'confirmPassword' as const, label: 'Confirm Password', hint: undefined },
  ]
  return fields.map(({ name, label, hint }) => (
    <FormField key={name} label={label} error={errors[name]?.message} hint={hint}>
      {(control) => (
        <input {...control} {...register(name)} type="password" autoComplete="new-password" />
      )}
    </FormField>
  ))
}
