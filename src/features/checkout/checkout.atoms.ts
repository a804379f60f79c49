import { atom } from 'jotai'
import { addressAtom } from '../../domain/address/address.atoms.ts'
import type { Address } from '../../../shared/address/address.schema.ts'
import { clearCartAtom, clearPromoAtom, orderAmountsAtom } from '../../domain/cart/cart.atoms.ts'
import { newOrderNumber, recordOrderAtom } from '../../domain/orders/orders.atoms.ts'
import type { Order } from '../../domain/orders/order.schemas.ts'
import { paymentAtom } from '../../domain/orders/payment.atoms.ts'
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
