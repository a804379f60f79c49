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
  rating: v.number(),
  thumbnail: v.string(),
})

export type SavedItem = v.InferOutput<typeof savedItemSchema>

// The product page's bookmarks, kept on this device only (spec §2.6) under 'savedItems'.
const savedItemsAtom = atomWithValidatedStorage('savedItems', v.array(savedItemSchema), [])

export const savedAtom = atom((get) => get(savedItemsAtom))

/** Bookmarks a product, or removes the bookmark when it is already saved. */
export const toggleSavedAtom = atom(null, (get, set, item: SavedItem) => {
  const items = get(savedItemsAtom)
  const { id, title, brand, category, price, discountPercentage, rating, thumbnail } = item
  set(
    savedItemsAtom,
    items.some((saved) => saved.id === id)
      ? items.filter((saved) => saved.id !== id)
      : [...items, { id, title, brand, category, price, discountPercentage, rating, thumbnail }],
  )
})
