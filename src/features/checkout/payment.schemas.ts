import * as v from 'valibot'
import { validation } from '../../lib/form-messages.ts'

const required = v.pipe(v.string(), v.trim(), v.nonEmpty(validation.fillOut))

/** Whether MM/YY is before the month of `now` (the card is valid through its last month). */
export function expiryHasPast(expiry: string, now: Date): boolean {
  const [month = 0, year = 0] = expiry.split('/').map(Number)
  const currentYear = now.getFullYear() % 100
  return year < currentYear || (year === currentYear && month < now.getMonth() + 1)
}

/**
 * rules.md § Validation rules, card form, against today's date (`now`): the first failing rule's message is shown.
 * Card details are only ever held by the form; nothing of them is stored but the last four digits.
 */
export function cardSchema(now: Date) {
  return v.object({
    name: v.pipe(required, v.maxLength(60)),
    cardNumber: v.pipe(v.string(), v.regex(/^\d{4} \d{4} \d{4} \d{4}$/, validation.cardNumber)),
    expirationDate: v.pipe(
      v.string(),
      v.nonEmpty(validation.fillOut),
      v.regex(/^\d{2}\/\d{2}$/, validation.expiryFormat),
      v.check((expiry) => {
        const month = Number(expiry.slice(0, 2))
        return month >= 1 && month <= 12
      }, validation.expiryMonth),
      v.check((expiry) => !expiryHasPast(expiry, now), validation.expiryPast),
    ),
    cvv: v.pipe(v.string(), v.regex(/^[1-9]\d{2,4}$/, validation.cvv)),
  })
}

export type CardInput = v.InferInput<ReturnType<typeof cardSchema>>

/** rules.md § Validation rules, gift card. */
export const giftCardSchema = v.object({
  cardNumber: v.pipe(required, v.maxLength(30)),
  pin: v.pipe(v.string(), v.nonEmpty(validation.fillOut), v.length(4, validation.pin)),
})

export type GiftCardInput = v.InferInput<typeof giftCardSchema>
