import * as v from 'valibot'
import { FILL_OUT } from '../address/index.ts'

const required = v.pipe(v.string(), v.trim(), v.nonEmpty(FILL_OUT))

/** Whether MM/YY is before the month of `now` (the card is valid through its last month). */
export function expiryHasPast(expiry: string, now: Date): boolean {
  const [month = 0, year = 0] = expiry.split('/').map(Number)
  const currentYear = now.getFullYear() % 100
  return year < currentYear || (year === currentYear && month < now.getMonth() + 1)
}

/**
 * Spec §5, card form, against today's date (`now`): the first failing rule's message is shown.
 * Card details are only ever held by the form; nothing of them is stored but the last four digits.
 */
export function cardSchema(now: Date) {
  return v.object({
    name: v.pipe(required, v.maxLength(60)),
    cardNumber: v.pipe(
      v.string(),
      v.regex(/^\d{4} \d{4} \d{4} \d{4}$/, 'Card Number is not valid'),
    ),
    expirationDate: v.pipe(
      v.string(),
      v.nonEmpty(FILL_OUT),
      v.regex(/^\d{2}\/\d{2}$/, 'Enter the date as MM/YY'),
      v.check((expiry) => {
        const month = Number(expiry.slice(0, 2))
        return month >= 1 && month <= 12
      }, 'Invalid Expiration Month'),
      v.check((expiry) => !expiryHasPast(expiry, now), 'Invalid Expiration Date has past'),
    ),
    cvv: v.pipe(v.string(), v.regex(/^[1-9]\d{2,4}$/, 'CVV Number is not valid')),
  })
}

export type CardInput = v.InferInput<ReturnType<typeof cardSchema>>

/** Spec §5, gift card. */
export const giftCardSchema = v.object({
  cardNumber: v.pipe(required, v.maxLength(30)),
  pin: v.pipe(v.string(), v.nonEmpty(FILL_OUT), v.length(4, 'Must be exactly 4 characters')),
})

export type GiftCardInput = v.InferInput<typeof giftCardSchema>
