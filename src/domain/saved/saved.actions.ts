import { atom } from 'jotai'
import { addToCartAtom, removeFromCartAtom } from '../cart/cart.atoms.ts'
import { lineKey, type CartLine } from '../cart/cart.schemas.ts'
import { removeSavedAtom, saveItemAtom, type SavedItem } from './saved.atoms.ts'

/** 'Save for Later' (rules.md § Cart): the line leaves the cart and joins the saved items. */
export const saveForLaterAtom = atom(null, (_get, set, line: CartLine) => {
  set(saveItemAtom, line)
  set(removeFromCartAtom, lineKey(line))
})

/**
 * A saved item goes back to the cart (one of it, or its minimum order) and leaves the saved items;
 * where the stock stops it, it stays saved (the page says why).
 */
export const moveToCartAtom = atom(null, (_get, set, item: SavedItem) => {
  if (set(addToCartAtom, item)) set(removeSavedAtom, lineKey(item))
})
