import { atom } from 'jotai'
import { addressAtom } from '../../domain/address/address.atoms.ts'
import type { Address } from '../../../shared/address/address.schema.ts'
import { clearCartAtom, clearPromoAtom, orderAmountsAtom } from '../../domain/cart/cart.atoms.ts'
import { newOrderNumber, recordOrderAtom } from '../../domain/orders/orders.atoms.ts'
import type { Order } from '../../domain/orders/order.schemas.ts'
import { paymentAtom } from '../../domain/orders/payment.atoms.ts'
import type { PendingOrder } from '../../domain/orders/pending-order.ts'
import { sessionAtom } from '../../domain/session/session.atoms.ts'

/**
 * Place order (rules.md § Purchase flow): save orderDetails, add it to the history, clear the cart and the
 * promo. Returns the order so the caller can navigate to its confirmation.
 */
export const placeOrderAtom = atom(null, (get, set, now: Date): Order | undefined => {
  const address: Address | null = get(addressAtom)
  const payment = get(paymentAtom)
  const session = get(sessionAtom)
  const { lines, unavailable, items, promoCode, promoDiscount, shipping, total } =
    get(orderAmountsAtom)
  // A line the stock rules out blocks the order until it is removed or saved (rules.md § Stock).
  if (!address || !payment || lines.length === 0 || unavailable.length > 0) return undefined
  const order: Order = {
    orderNumber: newOrderNumber(),
    date: now.toISOString(),
    cartData: lines,
    price: { items, promo: promoDiscount, promoCode, shipping, total },
    address,
    payment,
    // A signed-in shopper's order is their account's: it leaves this device with them.
    ...(session && { accountId: session.id }),
  }
  set(recordOrderAtom, order)
  set(clearCartAtom)
  set(clearPromoAtom)
  set(paymentAtom, null)
  return order
})

/**
 * The order as our server takes it (docs/api.md § Orders): what to buy, where to, how it was paid
 * and the total the shopper sees, which the server checks against its own; or nothing while a step
 * is missing or a line cannot be ordered.
 */
export const orderToSendAtom = atom((get): Omit<PendingOrder, 'key'> | undefined => {
  const address = get(addressAtom)
  const payment = get(paymentAtom)
  const { lines, unavailable, promoCode, total } = get(orderAmountsAtom)
  if (!address || !payment || lines.length === 0 || unavailable.length > 0) return undefined
  const method = payment.method === 'card' && payment.giftCard ? 'gift-card+card' : payment.method
  return {
    request: {
      lines: lines.map((line) => ({
        productId: line.id,
        ...(line.variant && { sku: line.variant.sku }),
        quantity: line.quantity,
      })),
      email: address.email,
      address,
      ...(promoCode && { promoCode }),
      expectedTotal: total,
      payment: {
        method,
        ...(payment.cardLast4 && { cardLast4: payment.cardLast4 }),
        ...(payment.giftCard && method !== 'gift-card+card' && { giftCard: true }),
      },
    },
    here: { lines, payment },
  }
})
