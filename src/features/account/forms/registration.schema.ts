import * as v from 'valibot'
import { confirmEmailField, emailField } from './shared-rules.ts'

export const COUNTRIES = ['India', 'Sri Lanka', 'Thailand', 'Singapore'] as const
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const
export const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1))
export const GENDERS = ['Male', 'Female', 'Other/Choose a Self-identity'] as const

export const PASSWORD_HINT =
  'Your password should contain 6-20 case sensitive characters, at least one numeral, at least one alphabet,special characters allowed.'

const optional = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max))

/** Spec §5, registration: the field names are the spec's (§3), the messages verbatim. */
export const registrationSchema = v.pipe(
  v.object({
    country: v.pipe(
      v.string(),
      v.check(
        (country) => (COUNTRIES as readonly string[]).includes(country),
        'Country is missing.',
      ),
    ),
    email: emailField,
    confirmEmail: confirmEmailField,
    uname: v.pipe(v.string(), v.trim(), v.nonEmpty('User Name missing'), v.maxLength(50)),
    fname: v.pipe(v.string(), v.trim(), v.nonEmpty('First Name missing'), v.maxLength(50)),
    lname: v.pipe(v.string(), v.trim(), v.nonEmpty('Last Name missing'), v.maxLength(50)),
    pno: v.pipe(
      v.string(),
      v.trim(),
      v.check((pno) => pno === '' || /^[789]\d{9}$/.test(pno), 'Invalid phone number'),
    ),
    zipcode: v.pipe(
      v.string(),
      v.trim(),
      v.check((zip) => zip === '' || /^[1-9]\d{5}$/.test(zip), 'Pincode is not valid'),
    ),
    months: optional(20),
    days: optional(2),
    gender: optional(40),
    // The hint's 6-20 characters with a letter and a digit is advice, not a rule (spec §5).
    password: v.pipe(v.string(), v.nonEmpty('Password is required'), v.maxLength(128)),
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
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      'Passwords does not match',
    ),
    ['confirmPassword'],
  ),
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
