import type { QueryClient } from '@tanstack/react-query'
import { productListQuery, productScopeQuery } from './catalog.queries.ts'
import { countFilters } from './filters.ts'
import { filtersOf, type ListingSearch } from './listing-search.ts'

/** What a listing route loads before it renders: the first page, or the whole category when filtering. */
export async function loadListing(
  queryClient: QueryClient,
  category: string | undefined,
  search: ListingSearch,
) {
  if (countFilters(filtersOf(search)) > 0)
    await queryClient.ensureQueryData(productScopeQuery(category))
  else await queryClient.ensureInfiniteQueryData(productListQuery({ category, sort: search.sort }))
}
