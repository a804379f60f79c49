import { atom } from 'jotai'
import { addressAtom } from '../../domain/address/address.atoms.ts'
import type { Address } from '../../../shared/address/address.schema.ts'
import { clearCartAtom, clearPromoAtom, orderAmountsAtom } from '../../domain/cart/cart.atoms.ts'
import { newOrderNumber, recordOrderAtom } from '../../domain/orders/orders.atoms.ts'
import type { Order, PaymentSummary } from '../../domain/orders/order.schemas.ts'

/**
 * The payment step's result, in memory only: it holds no card details, just the method, the last
 * four digits, the billing address and whether a gift card was applied (rules.md § Purchase flow). A billing
 * address "same as shipping" is resolved when read, so it follows a later change of address.
 */
export type PaymentChoice = Omit<PaymentSummary, 'billing'> & { billing: Address | 'shipping' }

const paymentChoiceAtom = atom<PaymentChoice | null>(null)

export const paymentAtom = atom(
  (get): PaymentSummary | null => {
    const choice = get(paymentChoiceAtom)
    const address = get(addressAtom)
    if (!choice) return null
    if (choice.billing !== 'shipping') return { ...choice, billing: choice.billing }
    return address ? { ...choice, billing: address } : null
  },
  (_get, set, choice: PaymentChoice | null) => set(paymentChoiceAtom, choice),
)

/**
 * Place order (rules.md § Purchase flow): save orderDetails, add it to the history, clear the cart and the
 * promo. Returns the order so the caller can navigate to its confirmation.
 */
export const placeOrderAtom = atom(null, (get, set, now: Date): Order | undefined => {
  const address: Address | null = get(addressAtom)
  const payment = get(paymentAtom)
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
  }
  set(recordOrderAtom, order)
  set(clearCartAtom)
  set(clearPromoAtom)
  set(paymentAtom, null)
  return order
})
