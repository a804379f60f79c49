import * as v from 'valibot'
import { requestJson } from '../../lib/api-client.ts'
import { bearer } from '../../lib/bearer.ts'
import { addressSchema } from '../../../shared/address/address.schema.ts'
import type { CartLine } from '../cart/cart.schemas.ts'
import {
  ORDER_NUMBER,
  ORDER_STATUSES,
  trackingSchema,
  type Order,
  type PaymentSummary,
} from './order.schemas.ts'

/** A payment as an order carries it, sent and answered: its method, never card data but the last four digits. */
const paymentSchema = v.object({
  method: v.string(),
  cardLast4: v.optional(v.string()),
  giftCard: v.optional(v.boolean()),
})

/** An order as our API answers it (docs/api.md § Orders). */
export const serverOrderSchema = v.object({
  number: v.pipe(v.string(), v.regex(ORDER_NUMBER)),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  email: v.string(),
  userId: v.optional(v.number()),
  address: addressSchema,
  payment: paymentSchema,
  promoCode: v.optional(v.string()),
  lines: v.array(
    v.object({
      productId: v.number(),
      sku: v.optional(v.string()),
      title: v.string(),
      label: v.optional(v.string()),
      quantity: v.number(),
      price: v.number(),
      discountPercentage: v.number(),
    }),
  ),
  subtotal: v.number(),
  discount: v.number(),
  total: v.number(),
  status: v.optional(v.picklist(ORDER_STATUSES)),
  tracking: v.optional(trackingSchema),
})

export type ServerOrder = v.InferOutput<typeof serverOrderSchema>

/**
 * POST orders' body (docs/api.md § Orders): what to buy and where to; the server prices it.
 * `expectedTotal` is the total the shopper was shown: the server refuses the order (409) if its
 * own differs. Checked again when read back from the device (pending-order.ts).
 */
export const orderRequestSchema = v.object({
  lines: v.pipe(
    v.array(
      v.object({
        productId: v.number(),
        sku: v.optional(v.string()),
        quantity: v.number(),
      }),
    ),
    v.minLength(1),
  ),
  email: v.string(),
  address: addressSchema,
  promoCode: v.optional(v.string()),
  expectedTotal: v.number(),
  payment: paymentSchema,
})

export type OrderRequest = v.InferOutput<typeof orderRequestSchema>

export function postOrder(request: OrderRequest, key: string, token?: string) {
  return requestJson(serverOrderSchema, 'orders', {
    method: 'post',
    json: request,
    headers: { 'Idempotency-Key': key, ...bearer(token) },
  })
}

/** The signed-in shopper's orders, newest first (all of them: a shopper's are few). */
export async function fetchMyOrders(token: string, signal?: AbortSignal) {
  const { orders } = await requestJson(v.object({ orders: v.array(serverOrderSchema) }), 'orders', {
    searchParams: { limit: 0 },
    headers: bearer(token),
    signal,
  })
  return orders
}

/** A guest's order, found by its number and the email it was placed with. */
export function lookupOrder(number: string, email: string) {
  return requestJson(serverOrderSchema, 'orders/lookup', {
    method: 'post',
    json: { number, email },
  })
}

/** What this device knows of an order it placed that the server's copy lacks. */
export interface PlacedHere {
  lines: readonly CartLine[]
  payment: PaymentSummary
}

/**
 * The server's order as the app shows orders (order.schemas.ts): its number, time, lines and
 * amounts are the server's; the pictures and the billing address, which the server does not keep,
 * come from this device when it placed the order.
 */
export function toOrder(order: ServerOrder, here?: PlacedHere): Order {
  const cartData = order.lines.map((line): CartLine => {
    const mine = here?.lines.find(
      (each) => each.id === line.productId && each.variant?.sku === line.sku,
    )
    return {
      category: '',
      thumbnail: '',
      ...mine,
      id: line.productId,
      title: line.title,
      price: line.price,
      discountPercentage: line.discountPercentage,
      quantity: line.quantity,
      ...(line.sku !== undefined && { variant: { sku: line.sku, label: line.label ?? '' } }),
    }
  })
  const method = order.payment.method === 'gift-card+card' ? 'card' : order.payment.method
  return {
    orderNumber: order.number,
    date: order.createdAt,
    cartData,
    price: {
      items: order.subtotal,
      promo: order.discount,
      ...(order.promoCode !== undefined && { promoCode: order.promoCode }),
      shipping: 0,
      total: order.total,
    },
    address: order.address,
    payment: here?.payment ?? {
      method: isPaymentMethod(method) ? method : 'card',
      ...(order.payment.cardLast4 !== undefined && { cardLast4: order.payment.cardLast4 }),
      billing: order.address,
      giftCard: order.payment.method === 'gift-card+card' || order.payment.giftCard === true,
    },
    ...(order.userId !== undefined && { accountId: order.userId }),
    ...(order.status !== undefined && { status: order.status }),
    ...(order.tracking !== undefined && { tracking: order.tracking }),
  }
}

/**
 * Cancels an order while it is placed (docs/api.md § Orders): signed in, the shopper's own with
 * their token; a guest's with the order's email. Answers the order as it now is.
 */
export function cancelOrder(number: string, by: { token: string } | { email: string }) {
  return requestJson(serverOrderSchema, `orders/${encodeURIComponent(number)}/cancel`, {
    method: 'post',
    ...('token' in by ? { headers: bearer(by.token) } : { json: { email: by.email } }),
  })
}

const isPaymentMethod = (method: string): method is PaymentSummary['method'] =>
  ['card', 'paypal', 'paylater', 'applepay'].includes(method)
