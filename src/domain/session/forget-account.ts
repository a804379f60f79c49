import { atom } from 'jotai'
import { env } from '../../lib/env.ts'
import { forgetAddressAtom } from '../address/address.atoms.ts'
import { forgetRecord } from '../account-sync/sync-record.ts'
import { clearCartAtom } from '../cart/cart.atoms.ts'
import { replaceSavedAtom } from '../saved/saved.atoms.ts'
import { forgetAccountOrdersAtom } from '../orders/orders.atoms.ts'
import { paymentAtom } from '../orders/payment.atoms.ts'
import { clearSessionAtom, sessionAtom } from './session.atoms.ts'

/**
 * What belongs to the signed-in account on this device, and goes with it when the shopper signs
 * out or the session ends (rules.md § State changes): the session (user details, tokens, the
 * flag), the saved shipping address and the one being typed, the payment chosen, and the orders
 * placed while signed in. On our API the cart and saved items are the account's too: they follow
 * it to every device (rules.md § Accounts on every device), so they go, with what the device
 * agreed with the account's copy; a shared computer shows nothing of the last shopper. With
 * another API they belong to the device and stay. What stays always: the promo, the theme and a
 * guest's orders. The one place to change when more comes to belong to an account (the account's
 * data in the query cache goes too: features/account/forget-account.ts).
 */
export const forgetAccountAtom = atom(null, (get, set) => {
  const session = get(sessionAtom)
  set(clearSessionAtom)
  set(forgetAddressAtom)
  set(paymentAtom, null)
  if (session) set(forgetAccountOrdersAtom, session.id)
  if (accountFollowsShopper()) {
    set(clearCartAtom)
    set(replaceSavedAtom, [])
    forgetRecord()
  }
})

/** Whether the cart and saved items are the account's (our API) or the device's (another API). */
const accountFollowsShopper = () => env.bundledApi
