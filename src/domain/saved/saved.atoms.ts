import { atom } from 'jotai'
import { RESET } from 'jotai/utils'
import * as v from 'valibot'
import { atomWithValidatedStorage } from '../../lib/storage-atom.ts'
import { lineKey, lineVariantSchema } from '../cart/cart.schemas.ts'
import { STORAGE_KEYS } from '../storage-keys.ts'

/** A saved (bookmarked) product: what its card needs. */
export const savedItemSchema = v.object({
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
  // The variant saved, for a product sold in options: Move to Cart adds that one.
  variant: v.optional(lineVariantSchema),
})

export type SavedItem = v.InferOutput<typeof savedItemSchema>

// The product page's bookmarks (rules.md § Product page), under 'savedItems' on the device, and
// with the account's copy for a signed-in shopper (rules.md § Accounts on every device).
export const savedItemsSchema = v.array(savedItemSchema)
const savedItemsAtom = atomWithValidatedStorage(STORAGE_KEYS.saved, savedItemsSchema, [])

export const savedAtom = atom((get) => get(savedItemsAtom))

// Only the fields a saved item keeps: the schema drops the rest (a cart line's quantity, say).
const toSaved = (item: SavedItem): SavedItem => v.parse(savedItemSchema, item)

/** Adds a product (its variant, where it has options) to the saved items unless it is there already. */
export const saveItemAtom = atom(null, (get, set, item: SavedItem) => {
  const items = get(savedItemsAtom)
  const key = lineKey(item)
  if (!items.some((saved) => lineKey(saved) === key)) set(savedItemsAtom, [...items, toSaved(item)])
})

/** Removes a saved item, named by its key (`lineKey`: the product, and its variant). */
export const removeSavedAtom = atom(null, (get, set, key: string) => {
  set(
    savedItemsAtom,
    get(savedItemsAtom).filter((saved) => lineKey(saved) !== key),
  )
})

/** Bookmarks a product, or removes the bookmark when it is already saved. */
export const toggleSavedAtom = atom(null, (get, set, item: SavedItem) => {
  const key = lineKey(item)
  if (get(savedItemsAtom).some((saved) => lineKey(saved) === key)) set(removeSavedAtom, key)
  else set(saveItemAtom, item)
})

/** The saved items as the account's copy has them (domain/account-sync): all at once. */
export const replaceSavedAtom = atom(null, (_get, set, items: SavedItem[]) => {
  if (items.length === 0) set(savedItemsAtom, RESET)
  else set(savedItemsAtom, items)
})
