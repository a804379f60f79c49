import type { Address } from '../../shared/address/address.schema.ts'
import { offerOf } from '../../shared/catalogue/variant-offer.ts'
import type { Catalogue } from '../catalogue/catalogue.ts'
import type { LineRef, StoredState } from './account-store.ts'
import { sellable } from './lines.ts'

/** What a line and a saved item show of their product (or its variant): the device's fields. */
interface Shown {
  id: number
  title: string
  brand?: string
  category: string
  price: number
  discountPercentage: number
  thumbnail: string
}

/** A cart line as the device keeps it (src/domain/cart/cart.schemas.ts, `cartLineSchema`). */
export interface CartLineOut extends Shown {
  quantity: number
  stock: number
  minimumOrderQuantity: number
  variant?: { sku: string; label: string }
}

/** A saved item as the device keeps it (src/domain/saved/saved.atoms.ts). */
export interface SavedOut extends Shown {
  rating: number
  stock: number
  minimumOrderQuantity: number
  variant?: { sku: string; label: string }
}

/** The copy an answer carries (docs/api.md § Account state). */
export interface AccountCopy {
  version: number
  cart: CartLineOut[]
  saved: SavedOut[]
  address: Address | null
}

/**
 * The account's copy as the device keeps it: each live line filled from the catalogue and its
 * live stock the way the product page makes a line for Add to Cart (the variant's own price,
 * discount, stock and name: shared/catalogue/variant-offer.ts), in the order the copy first had
 * them. A line whose product or variant has left the catalogue is left out. `thumbnailOf` makes a
 * picture's URL as the product API answers it.
 */
export function presentCopy(
  { version, entries }: StoredState,
  catalogue: Catalogue,
  thumbnailOf: (path: string) => string,
): AccountCopy {
  const inOrder = [...entries].sort((a, b) => a.addedAt - b.addedAt || a.key.localeCompare(b.key))

  const shown = (line: LineRef) => {
    const found = sellable(catalogue, line)
    if ('problem' in found) return undefined
    const { product } = found
    const offer = offerOf(product, found.variant)
    return {
      id: product.id,
      title: product.title,
      ...(product.brand !== undefined && { brand: product.brand }),
      category: product.category,
      price: offer.price,
      discountPercentage: offer.discountPercentage,
      thumbnail: thumbnailOf(product.thumbnail),
      stock: offer.stock,
      minimumOrderQuantity: product.minimumOrderQuantity,
      rating: product.rating,
      variant: offer.variant,
    }
  }

  const copy: AccountCopy = { version, cart: [], saved: [], address: null }
  for (const entry of inOrder) {
    if (entry.value === null) continue
    if (entry.kind === 'address') {
      copy.address = entry.value
      continue
    }
    const offered = shown(entry.value)
    if (!offered) continue
    const { rating, variant, stock, minimumOrderQuantity, ...fields } = offered
    const rules = { stock, minimumOrderQuantity, ...(variant && { variant }) }
    if (entry.kind === 'cart')
      copy.cart.push({ ...fields, quantity: entry.value.quantity, ...rules })
    else copy.saved.push({ ...fields, rating, ...rules })
  }
  return copy
}
