import type { UseFormRegisterReturn } from 'react-hook-form'
import { FormField } from '../../../components/form-field.tsx'
import { accountMessages } from '../../../lib/page-messages.ts'

interface NewPasswordFieldsProps {
  /** The fields as the form registers them. */
  newPassword: UseFormRegisterReturn
  confirmPassword: UseFormRegisterReturn
  errors: { newPassword?: string; confirmPassword?: string }
}

/**
 * A new password, typed twice, with the spec's hint (rules.md § My account): the profile's and
 * the reset page's (rules.md § Password reset).
 */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
  errors,
}: NewPasswordFieldsProps) {
  return (
    <>
      <FormField
        label="New Password"
        error={errors.newPassword}
        hint={accountMessages.passwordHint}
      >
        {(control) => (
          <input {...control} {...newPassword} type="password" autoComplete="new-password" />
        )}
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword}>
        {(control) => (
          <input {...control} {...confirmPassword} type="password" autoComplete="new-password" />
        )}
      </FormField>
    </>
  )
}
