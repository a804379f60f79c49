import { env } from '../../lib/env.ts'
import { shownPrice } from '../../../shared/pricing/pricing.ts'
import type { Product } from './catalogue.schemas.ts'
import { sortOption, type SortValue } from './sorting.ts'

// Sorting on the device, for a listing that holds its whole scope; the options themselves
// (sorting.ts) are read by every page's route table, and home need not carry this.

/**
 * Whether the API in use sorts this way. Another API's `sortBy=price` (DummyJSON's) is the list
 * price, not the one shown, so there the storefront sorts by price itself (decisions.md § Data
 * fetching and caching).
 */
export const apiSorts = (sort: SortValue | undefined, bundledApi: boolean = env.bundledApi) =>
  bundledApi || sortOption(sort)?.sortBy !== 'discountedPrice'

type Sortable = Pick<Product, 'price' | 'discountPercentage' | 'rating'>

/** The same order our API gives for `sortBy`/`order`, for lists sorted on the client (stable). */
export function sortProducts<T extends Sortable>(
  products: readonly T[],
  sort: SortValue | undefined,
): readonly T[] {
  const option = sortOption(sort)
  if (!option) return products
  const direction = option.order === 'asc' ? 1 : -1
  const value = (product: T) => (option.sortBy === 'rating' ? product.rating : shownPrice(product))
  return products
    .map((product, index) => ({ product, index, value: value(product) }))
    .sort((a, b) => direction * (a.value - b.value) || a.index - b.index)
    .map(({ product }) => product)
}
