import * as v from 'valibot'
import { addressSchema } from '../../../shared/address/address.schema.ts'
import { cartLineSchema } from '../cart/cart.schemas.ts'

export const PAYMENT_METHODS = ['card', 'paypal', 'paylater', 'applepay'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** How an order was paid: never card details, only the last four digits (rules.md § Purchase flow). */
export const paymentSummarySchema = v.object({
  method: v.picklist(PAYMENT_METHODS),
  cardLast4: v.optional(v.pipe(v.string(), v.regex(/^\d{4}$/))),
  billing: addressSchema,
  giftCard: v.boolean(),
})

export type PaymentSummary = v.InferOutput<typeof paymentSummarySchema>

/**
 * An order number: 'MRD-' and 8 characters when the device made it (an order kept on the device,
 * with another API), 10 when our server did (docs/api.md § Orders).
 */
export const ORDER_NUMBER = /^MRD-[0-9A-Z]{8,16}$/

/** Whether our server numbered the order, and so keeps it (Find an order finds it), not the device. */
export const numberedByServer = (orderNumber: string) => /^MRD-[0-9A-Z]{10}$/.test(orderNumber)

/** rules.md § Data and reference lists 'orderDetails' (cartData and price), with what rules.md § Purchase flow adds. */
export const orderSchema = v.object({
  orderNumber: v.pipe(v.string(), v.regex(ORDER_NUMBER)),
  date: v.pipe(v.string(), v.isoTimestamp()),
  cartData: v.pipe(v.array(cartLineSchema), v.minLength(1)),
  price: v.object({
    items: v.number(),
    promo: v.number(),
    promoCode: v.optional(v.string()),
    shipping: v.number(),
    total: v.number(),
  }),
  address: addressSchema,
  payment: paymentSummarySchema,
  // The signed-in account that placed it (its user id); none for a guest's order (rules.md § State changes).
  accountId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
})

export type Order = v.InferOutput<typeof orderSchema>
