import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Product } from '../../domain/catalogue/catalogue.schemas.ts'
import { productListQuery, productScopeQuery } from '../../domain/catalogue/catalogue.queries.ts'
import { PAGE_SIZE } from '../../domain/catalogue/catalogue.api.ts'
import { applyFilters } from './filters.ts'
import { filtersOf, type ListingSearch } from './listing-search.ts'
import { sortProducts } from '../../domain/catalogue/sort-products.ts'
import type { SortValue } from '../../domain/catalogue/sorting.ts'

/** What a listing shows; the route's loader has its data in the cache before it renders. */
export interface Listing {
  products: readonly Product[]
  /** Products matching the filters (all of the scope without filters). */
  total: number
  /** Products in the category or catalogue, before filters. */
  scopeTotal: number
  hasMore: boolean
  loadMore: () => void
  loadingMore: boolean
}

/** Without filters (decisions.md § Data fetching and caching): pages of 30 from the API, sorted by it; Load More asks for more. */
export function usePagedListing(
  category: string | undefined,
  sort: SortValue | undefined,
): Listing {
  const list = useSuspenseInfiniteQuery(productListQuery({ category, sort }))
  const total = list.data.pages[0]?.total ?? 0
  return {
    products: list.data.pages.flatMap((page) => page.products),
    total,
    scopeTotal: total,
    hasMore: list.hasNextPage,
    loadMore: () => void list.fetchNextPage(),
    loadingMore: list.isFetchingNextPage,
  }
}

/**
 * With any filter, or a price sort the API cannot give (decisions.md § Data fetching and caching):
 * the whole category once, filtered and sorted here, shown 30 at a time; a change of filters or
 * sort starts again from the first 30.
 */
export function useFilteredListing(category: string | undefined, search: ListingSearch): Listing {
  const { data: scope } = useSuspenseQuery(productScopeQuery(category))
  const key = JSON.stringify([category, search])
  const first = (search.page ?? 1) * PAGE_SIZE
  const [paging, setPaging] = useState({ key, shown: first })
  if (paging.key !== key) setPaging({ key, shown: first })
  const shown = paging.key === key ? paging.shown : first
  const matches = sortProducts(applyFilters(scope, filtersOf(search)), search.sort)
  return {
    products: matches.slice(0, shown),
    total: matches.length,
    scopeTotal: scope.length,
    hasMore: shown < matches.length,
    loadMore: () => setPaging({ key, shown: shown + PAGE_SIZE }),
    loadingMore: false,
  }
}
