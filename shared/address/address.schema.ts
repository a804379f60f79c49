import * as v from 'valibot'
import { PLAIN_TEXT_MESSAGE, plainText } from '../text/plain-text.ts'
import { INDIAN_STATES } from './indian-states.ts'

/**
 * A shipping address's rules (rules.md § Validation rules), checked by the checkout's form and by
 * the API an order is sent to, with the form's messages, verbatim (src/lib/form-messages.ts holds
 * every other form's).
 */
export const ADDRESS_MESSAGES = {
  fillOut: 'Please fill out this field.',
  // Ours: the spec sets no length limit, so it has no message for one.
  tooLong: (max: number) => `Use at most ${max} characters`,
  stateMissing: 'Please select an item in the list',
  // The pincode message is registration's too.
  pincode: 'Pincode is not valid',
  mobile: 'Phone number is not valid',
  addressEmail: 'Not a proper email',
  // Ours: a line break or control character pasted into a field (shared/text/plain-text.ts).
  plainText: PLAIN_TEXT_MESSAGE,
} as const
const validation = ADDRESS_MESSAGES

const text = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(max, validation.tooLong(max)),
    plainText(validation.plainText),
  )
const required = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(validation.fillOut),
    v.maxLength(max, validation.tooLong(max)),
    plainText(validation.plainText),
  )

/** A 6-digit Indian pincode, not starting with 0. */
export const PINCODE = /^[1-9]\d{5}$/
/** An Indian mobile number: 10 digits from 6-9, optionally after +91. */
export const MOBILE = /^(?:\+91[\s-]?)?[6-9]\d{9}$/

/** rules.md § Validation rules, shipping address. */
export const addressSchema = v.object({
  firstName: required(40),
  lastName: required(40),
  address1: required(120),
  address2: v.optional(text(120), ''),
  city: required(60),
  state: v.pipe(
    v.string(),
    v.check(
      (state) => (INDIAN_STATES as readonly string[]).includes(state),
      validation.stateMissing,
    ),
  ),
  code: v.pipe(v.string(), v.trim(), v.regex(PINCODE, validation.pincode)),
  mobile: v.pipe(v.string(), v.trim(), v.regex(MOBILE, validation.mobile)),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(validation.fillOut),
    v.email(validation.addressEmail),
    v.maxLength(254),
  ),
})

export type Address = v.InferOutput<typeof addressSchema>
export type AddressInput = v.InferInput<typeof addressSchema>

export const EMPTY_ADDRESS: AddressInput = {
  firstName: '',
  lastName: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  code: '',
  mobile: '',
  email: '',
}

const draftField = v.optional(v.pipe(v.string(), v.maxLength(500)), '')

/** An address as the shopper may have left it half-typed (a form draft): any field may be empty. */
export const addressDraftSchema = v.object({
  firstName: draftField,
  lastName: draftField,
  address1: draftField,
  address2: draftField,
  city: draftField,
  state: draftField,
  code: draftField,
  mobile: draftField,
  email: draftField,
}) satisfies v.GenericSchema<unknown, AddressInput>
