import type { UseFormRegisterReturn } from 'react-hook-form'
import { FormField } from '../../../components/form-field.tsx'
import { accountMessages } from '../../../lib/page-messages.ts'

type Field = 'newPassword' | 'confirmPassword'

interface NewPasswordFieldsProps {
  /** The form's `register` and `formState.errors`, of a form that has both fields. */
  register: (name: Field) => UseFormRegisterReturn
  errors: Partial<Record<Field, { message?: string }>>
}

/**
 * A new password, typed twice, with the spec's hint (rules.md § My account): the profile's and
 * the reset page's (rules.md § Password reset).
 */
export function NewPasswordFields({ register, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField
        label="New Password"
        error={errors.newPassword?.message}
        hint={accountMessages.passwordHint}
      >
        {(control) => (
          <input
            {...control}
            {...register('newPassword')}
            type="password"
            autoComplete="new-password"
          />
        )}
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        {(control) => (
          <input
            {...control}
            {...register('confirmPassword')}
            type="password"
            autoComplete="new-password"
          />
        )}
      </FormField>
    </>
  )
}
