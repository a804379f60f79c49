import { atom } from 'jotai'
import { RESET } from 'jotai/utils'
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
