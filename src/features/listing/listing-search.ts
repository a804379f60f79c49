import * as v from 'valibot'
import { FILTER_VALUES, type DataFilterKey, type FilterKey, type Filters } from './filter-values.ts'
import { SORT_OPTIONS, type SortValue } from '../../domain/catalogue/sorting.ts'

/**
 * A listing's state in the URL: shareable, kept on reload, restored by Back (decisions.md § Data fetching and caching). `page`
 * is how many pages of 30 it shows: what 'Load More' links to, for a browser without JavaScript.
 */
export type ListingSearch = Filters & { sort?: SortValue; page?: number }

// More pages than any listing has would only be a hand-made URL's noise.
const MAX_PAGE = 20

type FixedKey = Exclude<FilterKey, DataFilterKey>

const isFixedOption = (key: FixedKey) => (value: string) =>
  (FILTER_VALUES[key] as readonly string[]).includes(value)

// A brand's and a size's options come from the data (filters.ts): any value shaped like one is
// kept, and one that the scope does not have is ignored when filtering.
const isDataValue = (value: string) =>
  value.length <= 60 && /^[\p{Ll}\p{Lo}\p{N}]+(-[\p{Ll}\p{Lo}\p{N}]+)*$/u.test(value)

// More values than any group has options would only be a hand-made URL's noise.
const MAX_VALUES = 50

/** Valid values only, each once; a single value or a comma list is accepted too (hand-typed URLs). */
const optionList = (valid: (value: string) => boolean) =>
  v.fallback(
    v.pipe(
      v.union([v.array(v.unknown()), v.string(), v.number()]),
      v.transform((raw) => (Array.isArray(raw) ? raw : String(raw).split(','))),
      v.transform((items) => [...new Set(items.map(String).filter(valid))]),
      v.transform((items) => items.slice(0, MAX_VALUES)),
      v.transform((items) => (items.length > 0 ? items : undefined)),
    ),
    undefined,
  )

const listingSearchSchema = v.object({
  sort: v.fallback(v.optional(v.picklist(SORT_OPTIONS.map((option) => option.value))), undefined),
  discount: v.optional(optionList(isFixedOption('discount'))),
  price: v.optional(optionList(isFixedOption('price'))),
  brand: v.optional(optionList(isDataValue)),
  size: v.optional(optionList(isDataValue)),
  rating: v.optional(optionList(isFixedOption('rating'))),
  page: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform(Number),
        v.integer(),
        v.minValue(2),
        v.maxValue(MAX_PAGE),
      ),
    ),
    undefined,
  ),
})

/**
 * validateSearch for the listings: anything malformed falls back to the default (no sort, no
 * filter). Every key is returned, undefined when rejected: the router merges a route's result over
 * the raw search, so a dropped key would let the raw, unvalidated value through.
 */
export function parseListingSearch(search: Record<string, unknown>): ListingSearch {
  const { sort, discount, price, brand, rating, size, page } = v.parse(listingSearchSchema, search)
  return { sort, discount, price, brand, rating, size, page }
}

/**
 * A listing's own state out of the route's search, which also holds whatever else the address
 * had (`?utm_source=…`: the router merges validateSearch's result over it): what its loader
 * depends on and its page reads, so the page the server rendered without those is the one the
 * browser takes over (decisions.md § Operations, caches).
 */
export function listingSearchOf({
  sort,
  discount,
  price,
  brand,
  rating,
  size,
  page,
}: ListingSearch): ListingSearch {
  return { sort, discount, price, brand, rating, size, page }
}

export function filtersOf(search: ListingSearch): Filters {
  const { discount, price, brand, rating, size } = search
  return { discount, price, brand, rating, size }
}
