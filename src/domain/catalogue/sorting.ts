import { messages } from '../../lib/messages.ts'
import type { Product } from './catalogue.schemas.ts'

/** Sort values of rules.md § Data and reference lists: 0 price ascending, 1 price descending, 2 rating descending. */
export const SORT_OPTIONS = [
  { value: 'price-asc', label: messages.priceLow, sortBy: 'price', order: 'asc' },
  { value: 'price-desc', label: messages.priceHigh, sortBy: 'price', order: 'desc' },
  { value: 'rating-desc', label: messages.topRated, sortBy: 'rating', order: 'desc' },
] as const

export type SortValue = (typeof SORT_OPTIONS)[number]['value']

export const sortOption = (value: SortValue | undefined) =>
  SORT_OPTIONS.find((option) => option.value === value)

/** The same order the API gives for `sortBy`/`order`, for lists sorted on the client (stable). */
export function sortProducts<T extends Pick<Product, 'price' | 'rating'>>(
  products: readonly T[],
  sort: SortValue | undefined,
): readonly T[] {
  const option = sortOption(sort)
  if (!option) return products
  const direction = option.order === 'asc' ? 1 : -1
  return products
    .map((product, index) => ({ product, index }))
    .sort(
      (a, b) =>
        direction * (a.product[option.sortBy] - b.product[option.sortBy]) || a.index - b.index,
    )
    .map(({ product }) => product)
}
