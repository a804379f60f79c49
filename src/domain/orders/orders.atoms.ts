import { atom } from 'jotai'
import { RESET } from 'jotai/utils'
import * as v from 'valibot'
import { atomWithValidatedStorage } from '../../lib/storage-atom.ts'
import { orderSchema, type Order } from './order.schemas.ts'

// The last order, under the spec's key 'orderDetails' (rules.md § Data and reference lists); the confirmation page shows it.
const orderDetailsAtom = atomWithValidatedStorage('orderDetails', v.nullable(orderSchema), null)
// Every order placed on this device, newest first (rules.md § Added features: 'My Purchases').
const orderHistoryAtom = atomWithValidatedStorage('orderHistory', v.array(orderSchema), [])

export const lastOrderAtom = atom((get) => get(orderDetailsAtom))
export const orderHistoryListAtom = atom((get) => get(orderHistoryAtom))

export const recordOrderAtom = atom(null, (get, set, order: Order) => {
  set(orderDetailsAtom, order)
  set(orderHistoryAtom, [
    order,
    ...get(orderHistoryAtom).filter((past) => past.orderNumber !== order.orderNumber),
  ])
})

/**
 * The orders an account placed on this device go with it (sign-out: domain/session/forget-account.ts);
 * a guest's stay, as do orders kept before orders named their account.
 */
export const forgetAccountOrdersAtom = atom(null, (get, set, accountId: number) => {
  const placedBy = (order: Order) => order.accountId === accountId
  set(
    orderHistoryAtom,
    get(orderHistoryAtom).filter((order) => !placedBy(order)),
  )
  const last = get(orderDetailsAtom)
  if (last && placedBy(last)) set(orderDetailsAtom, RESET)
})

const ORDER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'

/** 'MRD-' and 8 random characters, made when the order is placed (rules.md § Purchase flow). */
export function newOrderNumber(
  randomBytes: () => Uint8Array = () => crypto.getRandomValues(new Uint8Array(8)),
): string {
  const bytes = randomBytes()
  return `MRD-${[...bytes].map((byte) => ORDER_ALPHABET[byte % ORDER_ALPHABET.length]).join('')}`
}
