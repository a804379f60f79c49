import type { QueryClient } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { PRIORITY_CARDS } from '../../components/product-grid.tsx'
import { inlineImages } from '../../lib/inline-images.ts'
import {
  categoriesConfirmed,
  categoriesQuery,
  productListQuery,
  productScopeQuery,
} from '../../domain/catalogue/catalogue.queries.ts'
import { apiSorts } from '../../domain/catalogue/sort-products.ts'
import { countFilters } from './filters.ts'
import { filtersOf, type ListingSearch } from './listing-search.ts'

/**
 * Whether a listing takes its whole category (or catalogue) at once, to filter and sort it here:
 * with any filter, and for a price sort the API in use cannot give (decisions.md § Data fetching
 * and caching); otherwise it takes pages of 30, sorted by the API.
 */
export const listsWholeScope = (search: ListingSearch) =>
  countFilters(filtersOf(search)) > 0 || !apiSorts(search.sort)

/**
 * What a listing route loads before it renders: its first pages (as many as `?page=` asks), or the
 * whole category (listsWholeScope). Resolves to the number of products in the category (or
 * catalogue) before filters.
 */
export async function loadListing(
  queryClient: QueryClient,
  category: string | undefined,
  search: ListingSearch,
): Promise<number> {
  if (listsWholeScope(search))
    return (await queryClient.ensureQueryData(productScopeQuery(category))).length
  const options = { ...productListQuery({ category, sort: search.sort }), pages: search.page ?? 1 }
  let list = await queryClient.ensureInfiniteQueryData(options)
  // Fewer pages at hand than the address asks for: all of them, again from the first.
  if (list.pages.length < options.pages)
    list = await queryClient.fetchInfiniteQuery({ ...options, staleTime: 0 })
  // The first cards' pictures are the page's largest paint: in the server's HTML.
  const first = list.pages[0]?.products.slice(0, PRIORITY_CARDS) ?? []
  await inlineImages(
    queryClient,
    first.map((product) => product.thumbnail),
  )
  return list.pages[0]?.total ?? 0
}

/**
 * Whether the API in use has this category, by its newest list. Undecided (true) when the API
 * cannot be asked: the listing's own request then shows what is wrong.
 */
async function categoryExists(queryClient: QueryClient, slug: string): Promise<boolean> {
  try {
    const categories = await queryClient.fetchQuery({ ...categoriesQuery(), staleTime: 0 })
    return categories.some((category) => category.slug === slug.toLowerCase())
  } catch {
    return true
  }
}

/**
 * A category's listing, or the not-found page for a category the API does not have (rules.md
 * § Links and fallbacks). The list at hand decides only once the API has confirmed it and the category has products:
 * a link from the bundled or an outdated list is checked against a fresh one, in parallel with the
 * listing, so it never leads to an empty page.
 */
export async function loadCategoryListing(
  queryClient: QueryClient,
  category: string,
  search: ListingSearch,
): Promise<void> {
  const listed = queryClient
    .getQueryData(categoriesQuery().queryKey)
    ?.some((known) => known.slug === category.toLowerCase())
  const trusted = listed && categoriesConfirmed(queryClient)
  const [exists, total] = await Promise.all([
    trusted ? true : categoryExists(queryClient, category),
    loadListing(queryClient, category, search),
  ])
  if (!exists || (total === 0 && trusted && !(await categoryExists(queryClient, category))))
    throw notFound()
}
