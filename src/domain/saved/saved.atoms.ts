import { atom } from 'jotai'
import * as v from 'valibot'
import { atomWithValidatedStorage } from '../../lib/storage-atom.ts'

/** A saved (bookmarked) product: what its card needs. */
const savedItemSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  title: v.string(),
  brand: v.optional(v.string()),
  category: v.string(),
  price: v.number(),
  discountPercentage: v.number(),
  // Unknown for lines saved from the cart, which keeps no rating.
  rating: v.optional(v.number()),
  thumbnail: v.string(),
  // The stock rules as last seen, so an item moved back to the cart obeys them (cart/quantity.ts).
  stock: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  minimumOrderQuantity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
})

export type SavedItem = v.InferOutput<typeof savedItemSchema>

// The product page's bookmarks, kept on this device only (rules.md § Product page) under 'savedItems'.
const savedItemsAtom = atomWithValidatedStorage('savedItems', v.array(savedItemSchema), [])

export const savedAtom = atom((get) => get(savedItemsAtom))

// Only the fields a saved item keeps: the schema drops the rest (a cart line's quantity, say).
const toSaved = (item: SavedItem): SavedItem => v.parse(savedItemSchema, item)

/** Adds a product to the saved items unless it is there already. */
export const saveItemAtom = atom(null, (get, set, item: SavedItem) => {
  const items = get(savedItemsAtom)
  if (!items.some((saved) => saved.id === item.id)) set(savedItemsAtom, [...items, toSaved(item)])
})

export const removeSavedAtom = atom(null, (get, set, id: number) => {
  set(
    savedItemsAtom,
    get(savedItemsAtom).filter((saved) => saved.id !== id),
  )
})

/** Bookmarks a product, or removes the bookmark when it is already saved. */
export const toggleSavedAtom = atom(null, (get, set, item: SavedItem) => {
  if (get(savedItemsAtom).some((saved) => saved.id === item.id)) set(removeSavedAtom, item.id)
  else set(saveItemAtom, item)
})
