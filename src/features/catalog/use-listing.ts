import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Product } from './catalog.schemas.ts'
import { PAGE_SIZE, productListQuery, productScopeQuery } from './catalog.queries.ts'
import { applyFilters } from './filter-products.ts'
import { countFilters } from './filters.ts'
import { filtersOf, type ListingSearch } from './listing-search.ts'
import { sortProducts } from './sorting.ts'

export interface Listing {
  products: readonly Product[]
  /** Products matching the filters (all of the scope without filters). */
  total: number
  /** Products in the category or catalogue, before filters; undefined until known. */
  scopeTotal: number | undefined
  hasMore: boolean
  loadMore: () => void
  loadingMore: boolean
  pending: boolean
  error: Error | null
  retry: () => void
}

/**
 * A listing's products (decisions §4). Without filters: pages of 30 from the API, sorted by it.
 * With any filter: the whole category once, filtered and sorted here, shown 30 at a time; a
 * change of filters or sort starts again from the first 30.
 */
export function useListing(category: string | undefined, search: ListingSearch): Listing {
  const filters = filtersOf(search)
  const filtering = countFilters(filters) > 0
  const list = useInfiniteQuery({
    ...productListQuery({ category, sort: search.sort }),
    enabled: !filtering,
  })
  const scope = useQuery({ ...productScopeQuery(category), enabled: filtering })
  const key = JSON.stringify([category, search])
  const [paging, setPaging] = useState({ key, shown: PAGE_SIZE })
  if (paging.key !== key) setPaging({ key, shown: PAGE_SIZE })
  const shown = paging.key === key ? paging.shown : PAGE_SIZE

  if (filtering) {
    const matches = sortProducts(applyFilters(scope.data ?? [], filters), search.sort)
    return {
      products: matches.slice(0, shown),
      total: matches.length,
      scopeTotal: scope.data?.length,
      hasMore: shown < matches.length,
      loadMore: () => setPaging({ key, shown: shown + PAGE_SIZE }),
      loadingMore: false,
      pending: scope.isPending,
      error: scope.error,
      retry: () => void scope.refetch(),
    }
  }
  const total = list.data?.pages[0]?.total ?? 0
  return {
    products: list.data?.pages.flatMap((page) => page.products) ?? [],
    total,
    scopeTotal: list.data ? total : undefined,
    hasMore: list.hasNextPage,
    loadMore: () => void list.fetchNextPage(),
    loadingMore: list.isFetchingNextPage,
    pending: list.isPending,
    error: list.error,
    retry: () => void list.refetch(),
  }
}
