import { messages } from '../../lib/messages.ts'

/**
 * Sort values of rules.md § Data and reference lists: 0 price ascending, 1 price descending, 2
 * rating descending. A price sort is by the price a card shows, after the discount (rules.md
 * § Data and reference lists): our API's `discountedPrice` key (docs/api.md § Sorting).
 */
export const SORT_OPTIONS = [
  { value: 'price-asc', label: messages.priceLow, sortBy: 'discountedPrice', order: 'asc' },
  { value: 'price-desc', label: messages.priceHigh, sortBy: 'discountedPrice', order: 'desc' },
  { value: 'rating-desc', label: messages.topRated, sortBy: 'rating', order: 'desc' },
] as const

export type SortValue = (typeof SORT_OPTIONS)[number]['value']

export const sortOption = (value: SortValue | undefined) =>
  SORT_OPTIONS.find((option) => option.value === value)
