import * as v from 'valibot'
import { FILTER_GROUPS, type FilterKey, type Filters } from './filters.ts'
import { SORT_OPTIONS, type SortValue } from './sorting.ts'

/** A listing's state in the URL: shareable, kept on reload, restored by Back (decisions §4). */
export type ListingSearch = Filters & { sort?: SortValue }

const optionValues = (key: FilterKey): readonly string[] =>
  FILTER_GROUPS.find((group) => group.key === key)?.options.map((option) => option.value) ?? []

/** Known values only, each once; a single value or a comma list is accepted too (hand-typed URLs). */
const optionList = (key: FilterKey) =>
  v.fallback(
    v.pipe(
      v.union([v.array(v.unknown()), v.string(), v.number()]),
      v.transform((raw) => (Array.isArray(raw) ? raw : String(raw).split(','))),
      v.transform((items) => [
        ...new Set(items.map(String).filter((item) => optionValues(key).includes(item))),
      ]),
      v.transform((items) => (items.length > 0 ? items : undefined)),
    ),
    undefined,
  )

const listingSearchSchema = v.object({
  sort: v.fallback(v.optional(v.picklist(SORT_OPTIONS.map((option) => option.value))), undefined),
  discount: v.optional(optionList('discount')),
  price: v.optional(optionList('price')),
  brand: v.optional(optionList('brand')),
  rating: v.optional(optionList('rating')),
})

/**
 * validateSearch for the listings: anything malformed falls back to the default (no sort, no
 * filter). Every key is returned, undefined when rejected: the router merges a route's result over
 * the raw search, so a dropped key would let the raw, unvalidated value through.
 */
export function parseListingSearch(search: Record<string, unknown>): ListingSearch {
  const { sort, discount, price, brand, rating } = v.parse(listingSearchSchema, search)
  return { sort, discount, price, brand, rating }
}

export function filtersOf(search: ListingSearch): Filters {
  const { discount, price, brand, rating } = search
  return { discount, price, brand, rating }
}
