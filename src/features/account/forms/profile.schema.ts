import * as v from 'valibot'
import { validation } from '../../../lib/form-messages.ts'
import {
  confirmEmailField,
  confirmPasswordField,
  emailField,
  mustMatch,
  newPasswordField,
} from './shared-rules.ts'
import { isAfter, isCalendarDate, localToday } from './dates.ts'

const name = (missing: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(missing),
    v.regex(/^\p{L}+$/u, validation.nameLetters),
    v.minLength(3, validation.nameMin),
    v.maxLength(10, validation.nameMax),
  )

/** Optional plus, an optional bracketed area code, digits with spaces or hyphens (rules.md § Validation rules): 7-15 digits. */
export function isProfilePhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, '').length
  return /^\+?[\d\s-]*(?:\(\d{1,4}\))?[\d\s-]*$/.test(phone) && digits >= 7 && digits <= 15
}

/** rules.md § Validation rules, profile form. The current password is checked against the server separately. */
export const profileSchema = v.pipe(
  v.object({
    firstName: name(validation.firstNameMissing),
    lastName: name(validation.lastNameMissing),
    email: emailField,
    confirmEmail: confirmEmailField,
    phone: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty(validation.phoneMissing),
      v.check(isProfilePhone, validation.phoneFormat),
    ),
    birthDate: v.pipe(
      v.string(),
      v.trim(),
      v.check((date) => date === '' || /^\d{4}-\d{2}-\d{2}$/.test(date), validation.birthDate),
      v.check((date) => date === '' || isCalendarDate(date), validation.birthDateUnreal),
      v.check((date) => !isAfter(date, localToday()), validation.birthDateFuture),
    ),
    gender: v.pipe(v.string(), v.maxLength(40)),
    oldPassword: v.pipe(v.string(), v.nonEmpty(validation.currentPasswordRequired)),
    newPassword: newPasswordField(validation.newPasswordRequired),
    confirmPassword: confirmPasswordField,
  }),
  mustMatch('email', 'confirmEmail', validation.emailMismatch),
  mustMatch('newPassword', 'confirmPassword', validation.passwordMismatch),
)

export type ProfileInput = v.InferInput<typeof profileSchema>
export type ProfileOutput = v.InferOutput<typeof profileSchema>
