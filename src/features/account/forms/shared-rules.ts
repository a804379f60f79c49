import * as v from 'valibot'
import { validation } from '../../../lib/form-messages.ts'
import { MONTHS } from '../../../lib/format.ts'
import { daysInMonth } from './dates.ts'

/** rules.md § Validation rules: the same email rules and messages in registration and the profile form. */
export const emailField = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(validation.emailMissing),
  v.email(validation.emailFormat),
  v.maxLength(254),
)
export const confirmEmailField = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(validation.confirmEmailMissing),
)

/** rules.md § Validation rules: signing in takes any password (an account's own, or another API's); registration and profile share the confirm. */
export const passwordField = v.pipe(
  v.string(),
  v.nonEmpty(validation.passwordRequired),
  v.maxLength(128),
)
/**
 * rules.md § Validation rules: a new password (registration, the profile's New Password) is 6 to
 * 20 characters with a letter and a digit, the rule the hint states and the server enforces.
 */
export const newPasswordField = (missing: string) =>
  v.pipe(
    v.string(),
    v.nonEmpty(missing),
    v.minLength(6, validation.newPasswordMin),
    v.maxLength(20, validation.passwordMax),
    v.regex(/\p{L}/u, validation.passwordMix),
    v.regex(/\p{Nd}/u, validation.passwordMix),
  )

export const confirmPasswordField = v.pipe(
  v.string(),
  v.nonEmpty(validation.confirmPasswordRequired),
)

type Fields = Record<string, unknown>

/**
 * rules.md § Validation rules: `confirm` must repeat `field`, else `message` under `confirm`. It runs once both fields
 * pass their own rules, even while another field is still wrong, so a mismatch shows at once.
 */
export function mustMatch<
  TInput extends Record<TField | TConfirm, unknown>,
  TField extends string,
  TConfirm extends string,
>(field: TField, confirm: TConfirm, message: string) {
  const check = v.forward<Fields, v.PartialCheckIssue<Fields>, [string]>(
    v.partialCheck<Fields, [[string], [string]], Fields, string>(
      [[field], [confirm]],
      (input) => input[field] === input[confirm],
      message,
    ),
    [confirm],
  )
  // valibot cannot resolve its path types for a generic input; TInput's constraint checks the
  // names, and the check passes its input through unchanged, so the pipe keeps the form's type.
  return check as v.BaseValidation<TInput, TInput, v.PartialCheckIssue<Fields>>
}

/** The days of a month named as the registration's Birth Month lists it; with no year, February has 29. */
const daysOfMonth = (name: unknown) => {
  const index = MONTHS.indexOf(name as (typeof MONTHS)[number])
  return index === -1 ? 31 : daysInMonth(index + 1)
}

/**
 * rules.md § Validation rules: the registration's Birth Day must be a day of its Birth Month
 * ('February has only 29 days'), shown under Birth Day.
 */
export function birthDayInMonth<TInput extends Record<'months' | 'days', unknown>>() {
  const check = v.forward<Fields, v.PartialCheckIssue<Fields>, [string]>(
    v.partialCheck<
      Fields,
      [['months'], ['days']],
      Fields,
      v.ErrorMessage<v.PartialCheckIssue<Fields>>
    >(
      [['months'], ['days']],
      ({ months, days }) => !days || Number(days) <= daysOfMonth(months),
      ({ input: { months } }) => validation.dayNotInMonth(String(months), daysOfMonth(months)),
    ),
    ['days'],
  )
  // As mustMatch's: the check passes its input through unchanged, so the pipe keeps the form's type.
  return check as v.BaseValidation<TInput, TInput, v.PartialCheckIssue<Fields>>
}
