import { infiniteQueryOptions } from '@tanstack/react-query'
import { fetchProductPage } from './catalog.api.ts'
import type { Product, ProductList } from './catalog.schemas.ts'

/** Page size for listings and load-more (spec §9). */
export const PAGE_SIZE = 30

export const catalogKeys = {
  all: ['catalog'] as const,
  lists: () => [...catalogKeys.all, 'list'] as const,
  allProducts: () => [...catalogKeys.lists(), 'all'] as const,
}

/** The offset of the next page, or undefined once everything is loaded. */
export function nextOffset(
  lastPage: ProductList,
  pages: readonly ProductList[],
): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.products.length, 0)
  return loaded < lastPage.total && lastPage.products.length > 0 ? loaded : undefined
}

/**
 * Every product, 30 a page. Home reads its first page (`products?limit=30&skip=0`) for the best
 * sellers, so /products opens from the same cache entry afterwards (decisions §4).
 */
export function allProductsQuery() {
  return infiniteQueryOptions({
    queryKey: catalogKeys.allProducts(),
    queryFn: ({ pageParam, signal }) =>
      fetchProductPage({ skip: pageParam, limit: PAGE_SIZE }, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  })
}

/** The 4 highest-rated products, highest first (spec §2.2); ties keep catalogue order. */
export function bestSellers(products: readonly Product[], count = 4): Product[] {
  return [...products].sort((a, b) => b.rating - a.rating).slice(0, count)
}
