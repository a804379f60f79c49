import { atom } from 'jotai'
import { forgetAddressAtom } from '../address/address.atoms.ts'
import { forgetAccountOrdersAtom } from '../orders/orders.atoms.ts'
import { paymentAtom } from '../orders/payment.atoms.ts'
import { clearSessionAtom, sessionAtom } from './session.atoms.ts'

/**
 * What belongs to the signed-in account on this device, and goes with it when the shopper signs
 * out or the session ends (rules.md § State changes): the session (user details, tokens, the
 * flag), the saved shipping address and the one being typed, the payment chosen, and the orders
 * placed while signed in. What belongs to the device stays: the cart and its promo, saved items,
 * the theme and a guest's orders. The one place to change when more comes to belong to an
 * account (the account's data in the query cache goes too: features/account/forget-account.ts).
 */
export const forgetAccountAtom = atom(null, (get, set) => {
  const session = get(sessionAtom)
  set(clearSessionAtom)
  set(forgetAddressAtom)
  set(paymentAtom, null)
  if (session) set(forgetAccountOrdersAtom, session.id)
})
