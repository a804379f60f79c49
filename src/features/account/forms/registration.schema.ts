import * as v from 'valibot'
import { validation } from '../../../lib/form-messages.ts'
import { plainText } from '../../../../shared/text/plain-text.ts'
import {
  birthDayInMonth,
  confirmEmailField,
  confirmPasswordField,
  emailField,
  mustMatch,
  newPasswordField,
} from './shared-rules.ts'

export const COUNTRIES = ['India', 'Sri Lanka', 'Thailand', 'Singapore'] as const
export const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1))
export const GENDERS = ['Male', 'Female', 'Other/Choose a Self-identity'] as const

const optional = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max))

/** rules.md § Validation rules, registration: the field names are the spec's (§ Data and reference lists), the messages verbatim. */
export const registrationSchema = v.pipe(
  v.object({
    country: v.pipe(
      v.string(),
      v.check(
        (country) => (COUNTRIES as readonly string[]).includes(country),
        validation.countryMissing,
      ),
    ),
    email: emailField,
    confirmEmail: confirmEmailField,
    uname: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty(validation.userNameMissing),
      // What a reader cannot see (rules.md § Validation rules); the server refuses it too.
      v.regex(/^[^\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Z}\s]*$/u, validation.userNameUnseen),
      v.maxLength(50),
    ),
    // A line break or control character pasted in: ours (the spec has no message for it), as the
    // server refuses it (shared/text/plain-text.ts).
    fname: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty(validation.firstNameMissing),
      v.maxLength(50),
      plainText(),
    ),
    lname: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty(validation.lastNameMissing),
      v.maxLength(50),
      plainText(),
    ),
    pno: v.pipe(
      v.string(),
      v.trim(),
      v.check((pno) => pno === '' || /^[789]\d{9}$/.test(pno), validation.phoneInvalid),
    ),
    zipcode: v.pipe(
      v.string(),
      v.trim(),
      v.check((zip) => zip === '' || /^[1-9]\d{5}$/.test(zip), validation.pincode),
    ),
    months: optional(20),
    days: optional(2),
    gender: optional(40),
    password: newPasswordField(validation.passwordRequired),
    confirmPassword: confirmPasswordField,
  }),
  mustMatch('email', 'confirmEmail', validation.emailMismatch),
  mustMatch('password', 'confirmPassword', validation.passwordMismatch),
  birthDayInMonth(),
)

export type RegistrationInput = v.InferInput<typeof registrationSchema>
export type RegistrationOutput = v.InferOutput<typeof registrationSchema>

export const EMPTY_REGISTRATION: RegistrationInput = {
  country: '',
  email: '',
  confirmEmail: '',
  uname: '',
  fname: '',
  lname: '',
  pno: '',
  zipcode: '',
  months: '',
  days: '',
  gender: '',
  password: '',
  confirmPassword: '',
}
