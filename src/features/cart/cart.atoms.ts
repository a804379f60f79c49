import { atom } from 'jotai'
import { RESET } from 'jotai/utils'
import * as v from 'valibot'
import { orderAmounts, PROMO_DEFAULT_VALUE, PROMO_VALUE, promoFor } from '../../lib/pricing.ts'
import { atomWithValidatedStorage } from '../../lib/storage-atom.ts'
import {
  addLine,
  changeQuantity,
  removeLine,
  type CartProduct,
  type QuantityChange,
} from './cart.rules.ts'
import { cartSchema } from './cart.schemas.ts'

// Stored under the spec's key 'cart' and shared across tabs (decisions §6). Private: the action
// atoms below are the only way to change it, so the spec's rules hold everywhere.
const cartLinesAtom = atomWithValidatedStorage('cart', cartSchema, [])

export const cartAtom = atom((get) => get(cartLinesAtom))

/** Items in the cart, counting quantities: what the header badge shows. */
export const cartCountAtom = atom((get) =>
  get(cartLinesAtom).reduce((count, line) => count + line.quantity, 0),
)

export const addToCartAtom = atom(null, (_get, set, product: CartProduct) => {
  set(cartLinesAtom, (lines) => addLine(lines, product))
})

export const removeFromCartAtom = atom(null, (_get, set, id: number) => {
  set(cartLinesAtom, (lines) => removeLine(lines, id))
})

export const changeQuantityAtom = atom(
  null,
  (_get, set, { id, change }: { id: number; change: QuantityChange }) => {
    set(cartLinesAtom, (lines) => changeQuantity(lines, id, change))
  },
)

export const clearCartAtom = atom(null, (_get, set) => {
  set(cartLinesAtom, RESET)
})

const promoSchema = v.nullable(
  v.object({
    code: v.pipe(v.string(), v.nonEmpty(), v.maxLength(40)),
    discount: v.picklist([PROMO_DEFAULT_VALUE, PROMO_VALUE]),
    valid: v.boolean(),
  }),
)

// The applied promo, so cart, checkout and confirmation show the same total (decisions §6).
// Kept under 'promo' so a reload during checkout does not silently change the total.
const promoStoreAtom = atomWithValidatedStorage('promo', promoSchema, null)

/** The promo in force: a stored one only as the rules would give it for its code. */
export const promoAtom = atom((get) => {
  const stored = get(promoStoreAtom)
  const ruled = stored && promoFor(stored.code)
  return ruled &&
    ruled.code === stored.code &&
    ruled.discount === stored.discount &&
    ruled.valid === stored.valid
    ? stored
    : null
})

/** Applies a code (spec §4): FLAT50 → 50 off; another non-empty code → 5 off; empty → none. */
export const applyPromoAtom = atom(null, (_get, set, code: string) => {
  set(promoStoreAtom, promoFor(code) ?? null)
})

export const clearPromoAtom = atom(null, (_get, set) => set(promoStoreAtom, RESET))

/** The cart's lines with their amounts (spec §9): what cart, checkout and the placed order show. */
export const orderAmountsAtom = atom((get) => {
  const lines = get(cartLinesAtom)
  return { lines, ...orderAmounts(lines, get(promoAtom)) }
})
