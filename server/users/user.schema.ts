import * as v from 'valibot'
import { plainText } from '../../shared/text/plain-text.ts'
import { hasUnseenCharacters, normaliseUsername, UNSEEN_MESSAGE, usernameKey } from './username.ts'

/**
 * What `users/add` and `users/{id}` (PUT/PATCH) accept. Unknown keys are dropped; every string is
 * trimmed and bounded so nothing unbounded reaches the database.
 */

const message = (label: string) => (issue: v.BaseIssue<unknown>) =>
  issue.input === undefined || issue.input === null
    ? `${label} is required`
    : `${label} must be a string`

/** Free text: trimmed, bounded, and plain (no line break or control character). */
const text = (label: string, max: number) =>
  v.pipe(
    v.string(message(label)),
    v.trim(),
    v.maxLength(max, `${label} must be at most ${max} characters`),
    plainText(`${label} must not contain line breaks or control characters`),
  )

const required = (label: string, max: number) =>
  v.pipe(text(label, max), v.nonEmpty(`${label} is required`))

/** Kept in its NFKC form, and refused when it holds what a reader cannot see (username.ts). */
const username = v.pipe(
  v.string(message('Username')),
  v.check((name) => !hasUnseenCharacters(name.trim()), UNSEEN_MESSAGE),
  v.transform(normaliseUsername),
  v.nonEmpty('Username is required'),
  v.maxLength(50, 'Username must be at most 50 characters'),
  v.check((name) => usernameKey(name) !== '', 'Username must contain a letter or a digit'),
)
const email = v.pipe(required('Email', 254), v.email('Email is not valid'))

/** rules.md § Validation rules: what the registration form's hint says, enforced for every new password. */
export const PASSWORD_MESSAGES = {
  length: 'Password must be 6 to 20 characters',
  mix: 'Password must contain at least one letter and one digit',
} as const

/**
 * Every new password: registration, a change, a reset. Not trimmed: a space is a character the
 * shopper chose. Signing in takes any password (an account from before this rule, or another
 * API's, keeps its own).
 */
export const newPassword = v.pipe(
  v.string(message('Password')),
  v.nonEmpty('Password is required'),
  v.minLength(6, PASSWORD_MESSAGES.length),
  v.maxLength(20, PASSWORD_MESSAGES.length),
  v.regex(/\p{L}/u, PASSWORD_MESSAGES.mix),
  v.regex(/\p{Nd}/u, PASSWORD_MESSAGES.mix),
)

const addressSchema = v.object({
  address: v.optional(text('Address', 120)),
  city: v.optional(text('City', 80)),
  state: v.optional(text('State', 80)),
  stateCode: v.optional(text('State code', 10)),
  postalCode: v.optional(text('Postal code', 20)),
  country: v.optional(text('Country', 80)),
})

const optionalFields = {
  maidenName: v.optional(text('Maiden name', 50)),
  gender: v.optional(text('Gender', 30)),
  phone: v.optional(text('Phone', 30)),
  birthDate: v.optional(text('Birth date', 20)),
  address: v.optional(v.object(addressSchema.entries, 'Address must be an object')),
}

// The spec's registration payload (rules.md § Data and reference lists) spells it `userName` and sends `country` at the top level.
const acceptSpecSpelling = (input: unknown) => {
  if (typeof input !== 'object' || input === null) return input
  const body = input as Record<string, unknown>
  return { ...body, username: body.username ?? body.userName }
}

const REQUIRED_LABELS: Record<string, string> = {
  username: 'Username',
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  password: 'Password',
}

// Valibot reports a missing key through the object schema's message, so that is where the
// per-field "is required" text is chosen.
const missingKey = (issue: v.BaseIssue<unknown>) => {
  const key = issue.path?.at(-1)?.key
  return typeof key === 'string'
    ? `${REQUIRED_LABELS[key] ?? key} is required`
    : 'Invalid JSON body'
}

export const newUserSchema = v.pipe(
  v.unknown(),
  v.transform(acceptSpecSpelling),
  v.object(
    {
      username,
      email,
      firstName: required('First name', 50),
      lastName: required('Last name', 50),
      password: newPassword,
      country: v.optional(text('Country', 80)),
      ...optionalFields,
    },
    missingKey,
  ),
)

export const userChangesSchema = v.object({
  /** ours: the current password, which a change of password must carry. */
  currentPassword: v.optional(v.pipe(v.string(), v.maxLength(128))),
  username: v.optional(username),
  email: v.optional(email),
  firstName: v.optional(required('First name', 50)),
  lastName: v.optional(required('Last name', 50)),
  password: v.optional(newPassword),
  ...optionalFields,
})

export type NewUserInput = v.InferOutput<typeof newUserSchema>
export type UserChangesInput = v.InferOutput<typeof userChangesSchema>
