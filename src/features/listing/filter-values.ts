/**
 * The values the fixed filter groups of rules.md § Data and reference lists take in a listing's URL, which every page's route
 * table validates (listing-search.ts); filters.ts gives each its label and its rule (the listing's
 * code), and the compiler checks the two name the same values. Brands and sizes come from the data.
 */
export const FILTER_VALUES = {
  discount: ['10', '20', '50', 'free'],
  price: ['10-100', '100-500', '500-1000', '1000+'],
  rating: ['5', '4', '3'],
} as const

/** The groups whose options come from the data: a scope's brands, and its sizes. */
export type DataFilterKey = 'brand' | 'size'
export type FilterKey = 'discount' | 'price' | 'rating' | DataFilterKey
export type Filters = Partial<Record<FilterKey, readonly string[]>>

/** The filter groups in the order a listing's address names them (listing-search.ts). */
export const FILTER_KEYS = [
  'discount',
  'price',
  'brand',
  'rating',
  'size',
] as const satisfies readonly FilterKey[]
