import * as v from 'valibot'
import { validation } from '../../../lib/form-messages.ts'
import { confirmPasswordField, emailField, mustMatch, newPasswordField } from './shared-rules.ts'

/** Forgot password (rules.md § Password reset): the account's email, by registration's rules. */
export const forgotPasswordSchema = v.object({ email: emailField })

/**
 * The reset page (rules.md § Password reset, § Validation rules): the profile's New Password and
 * Confirm Password, with their messages.
 */
export const resetPasswordSchema = v.pipe(
  v.object({
    newPassword: newPasswordField(validation.newPasswordRequired),
    confirmPassword: confirmPasswordField,
  }),
  mustMatch('newPassword', 'confirmPassword', validation.passwordMismatch),
)

export type ForgotPasswordInput = v.InferInput<typeof forgotPasswordSchema>
export type ResetPasswordInput = v.InferInput<typeof resetPasswordSchema>
