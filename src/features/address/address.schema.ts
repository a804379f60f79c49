import * as v from 'valibot'
import { INDIAN_STATES } from './indian-states.ts'

/** Spec §5, shipping address: the messages are the spec's, verbatim. */
export const FILL_OUT = 'Please fill out this field.'

const text = (max: number) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max, `Use at most ${max} characters`))
const required = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(FILL_OUT),
    v.maxLength(max, `Use at most ${max} characters`),
  )

/** A 6-digit Indian pincode, not starting with 0. */
export const PINCODE = /^[1-9]\d{5}$/
/** An Indian mobile number: 10 digits from 6-9, optionally after +91. */
export const MOBILE = /^(?:\+91[\s-]?)?[6-9]\d{9}$/

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
      'Please select an item in the list',
    ),
  ),
  code: v.pipe(v.string(), v.trim(), v.regex(PINCODE, 'Pincode is not valid')),
  mobile: v.pipe(v.string(), v.trim(), v.regex(MOBILE, 'Phone number is not valid')),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(FILL_OUT),
    v.email('Not a proper email'),
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
