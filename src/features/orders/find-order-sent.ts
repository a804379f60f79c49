import * as v from 'valibot'
import type { Order } from '../../domain/orders/order.schemas.ts'
import { errorMessages } from '../../lib/api-error.ts'
import { findOrder, findOrderSchema } from './find-order.ts'
import { findOrderNoScriptMessages } from './find-order-messages.ts'

/**
 * Find an order's form sent without the app (POST /orders/find; decisions.md § Orders): what the
 * shopper typed and what it found. The server renders the page with it, for them alone (no-store,
 * never kept), and the page's data carries it to the app should one take the page over.
 */
export interface FindOrderAnswer {
  /** The fields as typed; none when the form could not be read. */
  number?: string
  email?: string
  /** The order found; null: none with that number and email; absent: not looked up. */
  order?: Order | null
  /** The fields' messages, as the form gives them: nothing was looked up. */
  errors?: { number?: string; email?: string }
  /** The page's message: the form could not be read, or the lookup failed (too many tries). */
  message?: string
}

/** Where the server's render leaves the answer, and the page finds it (the query cache, by key). */
export const FIND_ORDER_ANSWER_KEY = ['orders', 'find', 'answer'] as const

/**
 * The answer to the form's fields as sent: checked by the form's own rules, then looked up as the
 * app looks an order up (findOrder, over the app's HTTP client: on the server, the sender's
 * lookup). Fields the form would refuse are answered with its messages and never looked up.
 */
export async function answerFindOrder(
  fields: { number: string; email: string } | undefined,
): Promise<FindOrderAnswer> {
  if (!fields) return { message: findOrderNoScriptMessages.formUnreadable }
  const checked = v.safeParse(findOrderSchema, fields)
  if (!checked.success) {
    const { nested = {} } = v.flatten<typeof findOrderSchema>(checked.issues)
    return { ...fields, errors: { number: nested.number?.[0], email: nested.email?.[0] } }
  }
  try {
    return { ...fields, order: await findOrder(checked.output) }
  } catch (error) {
    return { ...fields, message: errorMessages(error).join(' ') }
  }
}
