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

/** Where an order is (docs/api.md § Orders): an order the device keeps alone has none. */
export const ORDER_STATUSES = ['placed', 'shipped', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Where a shipped order is, as the shop's operator gave it: each part optional. */
export const trackingSchema = v.object({
  carrier: v.optional(v.string()),
  number: v.optional(v.string()),
  // Only a web address is ever a link (the server takes http(s) only; checked again here).
  url: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\//i))),
})

export type Tracking = v.InferOutput<typeof trackingSchema>

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
  // The server's news of it (docs/api.md § Orders): none for an order kept on the device.
  status: v.optional(v.picklist(ORDER_STATUSES)),
  tracking: v.optional(trackingSchema),
})

export type Order = v.InferOutput<typeof orderSchema>

/**
 * An order as the device keeps it: without its status and tracking, which are news only as fresh
 * as the server's answer (a copy kept would say "Placed" of an order shipped since). The pages that
 * show them ask the server (My Purchases signed in, Find an order, the confirmation).
 */
export function deviceCopy(order: Order): Order {
  const kept = { ...order }
  delete kept.status
  delete kept.tracking
  return kept
}
