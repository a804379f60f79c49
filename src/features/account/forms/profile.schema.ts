import * as v from 'valibot'
import { confirmEmailField, emailField } from './shared-rules.ts'

const name = (missing: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(missing),
    // The spec's letters-only message says FirstName for both names (§5), verbatim.
    v.regex(/^\p{L}+$/u, 'Please enter valid FirstName'),
    v.minLength(3, 'Must Contain 3 Characters'),
    v.maxLength(10, 'Cannot exceed 10 Characters'),
  )

/** Optional plus, an optional bracketed area code, digits with spaces or hyphens (spec §5): 7-15 digits. */
export function isProfilePhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, '').length
  return /^\+?[\d\s-]*(?:\(\d{1,4}\))?[\d\s-]*$/.test(phone) && digits >= 7 && digits <= 15
}

/** Spec §5, profile form. The current password is checked against the server separately. */
export const profileSchema = v.pipe(
  v.object({
    firstName: name('First Name missing'),
    lastName: name('Last Name missing'),
    email: emailField,
    confirmEmail: confirmEmailField,
    phone: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('Phone Number missing'),
      v.check(isProfilePhone, 'Enter Valid Phone Number'),
    ),
    birthDate: v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (date) => date === '' || /^\d{4}-\d{2}-\d{2}$/.test(date),
        'Enter Date of Birth in the right format',
      ),
    ),
    gender: v.pipe(v.string(), v.maxLength(40)),
    oldPassword: v.pipe(v.string(), v.nonEmpty('Current Password is required')),
    newPassword: v.pipe(
      v.string(),
      v.nonEmpty('New Password is required'),
      v.minLength(6, 'Must Contain 6 Characters'),
      v.maxLength(128),
    ),
    confirmPassword: v.pipe(v.string(), v.nonEmpty('Confirm Password is required')),
  }),
  v.forward(
    v.partialCheck(
      [['email'], ['confirmEmail']],
      (input) => input.email === input.confirmEmail,
      'Email does not match',
    ),
    ['confirmEmail'],
  ),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (input) => input.newPassword === input.confirmPassword,
      'Passwords does not match',
    ),
    ['confirmPassword'],
  ),
)

export type ProfileInput = v.InferInput<typeof profileSchema>
export type ProfileOutput = v.InferOutput<typeof profileSchema>

export const CURRENT_PASSWORD_MISMATCH = "Current password doesn't match"
