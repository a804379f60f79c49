import * as v from 'valibot'
import { ORDER_NUMBER, type Order } from '../../domain/orders/order.schemas.ts'
import { lookupOrder, toOrder } from '../../domain/orders/orders.api.ts'
import { toApiError } from '../../lib/api-error.ts'
import { validation } from '../../lib/form-messages.ts'

/** Find an order's form (rules.md § Added features): the order's number and the email it was placed with. */
export const findOrderSchema = v.object({
  number: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(validation.orderNumberMissing),
    v.toUpperCase(),
    v.regex(ORDER_NUMBER, validation.orderNumberFormat),
  ),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(validation.emailMissing),
    v.email(validation.emailFormat),
    v.maxLength(254, validation.emailFormat),
  ),
})

export type FindOrderInput = v.InferInput<typeof findOrderSchema>
export type FindOrderOutput = v.InferOutput<typeof findOrderSchema>

/**
 * The order with this number and email, or null when there is none: the server answers one 404
 * for a wrong number and a wrong email alike, so the page cannot tell which, and neither can a
 * guesser. Other failures (throttled, offline) are errors, shown as the API's messages.
 */
export async function findOrder({ number, email }: FindOrderOutput): Promise<Order | null> {
  try {
    return toOrder(await lookupOrder(number, email))
  } catch (error) {
    if (toApiError(error).status === 404) return null
    throw error
  }
}
