import { atom } from 'jotai'
import { atomWithValidatedStorage } from '../../lib/storage-atom.ts'
import { cartSchema } from './cart.schemas.ts'

// Stored under the spec's key 'cart' and shared across tabs (decisions §6).
const cartLinesAtom = atomWithValidatedStorage('cart', cartSchema, [])

export const cartAtom = atom((get) => get(cartLinesAtom))

/** Items in the cart, counting quantities: what the header badge shows. */
export const cartCountAtom = atom((get) =>
  get(cartLinesAtom).reduce((count, line) => count + line.quantity, 0),
)
