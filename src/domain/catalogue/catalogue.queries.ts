import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query'
import {
  fetchCategories,
  fetchCategoryThumbnails,
  fetchProduct,
  fetchProductPage,
  fetchProductScope,
  fetchRelated,
  PAGE_SIZE,
  searchProducts,
  type ListScope,
} from './catalogue.api.ts'
import type { Category, Product, ProductList } from './catalogue.schemas.ts'
import { BUNDLED_CATEGORIES } from './categories.ts'

export const catalogueKeys = {
  all: ['catalogue'] as const,
  lists: () => [...catalogueKeys.all, 'list'] as const,
  list: (scope: ListScope) =>
    [...catalogueKeys.lists(), { category: scope.category, sort: scope.sort }] as const,
  scopes: () => [...catalogueKeys.all, 'scope'] as const,
  scope: (category: string | undefined) => [...catalogueKeys.scopes(), { category }] as const,
  searches: () => [...catalogueKeys.all, 'search'] as const,
  search: (query: string) => [...catalogueKeys.searches(), query] as const,
  product: (id: number) => [...catalogueKeys.all, 'product', id] as const,
  related: (id: number) => [...catalogueKeys.all, 'related', id] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  categoryThumbnails: () => [...catalogueKeys.all, 'category-thumbnails'] as const,
}

/**
 * The API's categories, in its order (decisions.md § Catalogue API). Until its first answer the bundled list stands
 * in, dated 0: stale at once, and never mistaken for the API's word (see listing-loader.ts). Kept
 * with the catalogue cache, so a returning shopper's menus are the API's from the first paint.
 */
export function categoriesQuery() {
  return queryOptions({
    queryKey: catalogueKeys.categories(),
    queryFn: ({ signal }): Promise<readonly Category[]> => fetchCategories(signal),
    initialData: BUNDLED_CATEGORIES,
    initialDataUpdatedAt: 0,
  })
}

/** Whether the category list at hand is the API's answer, not the bundled stand-in. */
export const categoriesConfirmed = (queryClient: QueryClient) =>
  (queryClient.getQueryState(catalogueKeys.categories())?.dataUpdatedAt ?? 0) > 0

/** A picture for each category, for an API whose categories come without one. */
export function categoryThumbnailsQuery() {
  return queryOptions({
    queryKey: catalogueKeys.categoryThumbnails(),
    queryFn: ({ signal }) => fetchCategoryThumbnails(signal),
  })
}

/** The offset of the next page, or undefined once everything is loaded. */
export function nextOffset(
  lastPage: ProductList,
  pages: readonly ProductList[],
): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.products.length, 0)
  return loaded < lastPage.total && lastPage.products.length > 0 ? loaded : undefined
}

/** A listing, 30 a page, sorted by the API; Load More fetches the next page. */
export function productListQuery(scope: ListScope) {
  return infiniteQueryOptions({
    queryKey: catalogueKeys.list(scope),
    queryFn: ({ pageParam, signal }) => fetchProductPage(scope, pageParam, PAGE_SIZE, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  })
}

/**
 * Every product, 30 a page. Home reads its first page (`products?limit=30&skip=0`) for the best
 * sellers, so /products opens from the same cache entry afterwards (decisions.md § Data fetching and caching).
 */
export const allProductsQuery = () => productListQuery({})

/** A whole category at once, for filtering on the client (decisions.md § Data fetching and caching). */
export function productScopeQuery(category: string | undefined) {
  return queryOptions({
    queryKey: catalogueKeys.scope(category),
    queryFn: ({ signal }) => fetchProductScope(category, signal),
  })
}

/** Search results, 30 a page (rules.md § Validation rules, decisions.md § Data fetching and caching). */
export function searchQuery(query: string) {
  return infiniteQueryOptions({
    queryKey: catalogueKeys.search(query),
    queryFn: ({ pageParam, signal }) => searchProducts(query, pageParam, PAGE_SIZE, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  })
}

/** The product if any cached list (listing pages, whole categories, search results) holds it. */
function findCachedProduct(queryClient: QueryClient, id: number) {
  for (const { state } of queryClient.getQueryCache().findAll({ queryKey: catalogueKeys.all })) {
    const data = state.data as InfiniteData<ProductList> | Product[] | undefined
    const products = Array.isArray(data) ? data : data?.pages?.flatMap((page) => page.products)
    const product = products?.find((candidate) => candidate?.id === id)
    if (product) return { product, updatedAt: state.dataUpdatedAt }
  }
  return undefined
}

/**
 * One product. Seeded from any cached list that holds it, so opening a product from a listing
 * makes no request (decisions.md § Data fetching and caching); its freshness is that of the list it came from.
 */
export function productQuery(queryClient: QueryClient, id: number) {
  // Both seeding callbacks read the same search of the cache, done once.
  let cached: ReturnType<typeof findCachedProduct> | null = null
  const seed = () => (cached ??= findCachedProduct(queryClient, id))
  return queryOptions({
    queryKey: catalogueKeys.product(id),
    queryFn: ({ signal }) => fetchProduct(id, signal),
    initialData: () => seed()?.product,
    initialDataUpdatedAt: () => seed()?.updatedAt,
  })
}

export function relatedQuery(id: number) {
  return queryOptions({
    queryKey: catalogueKeys.related(id),
    queryFn: ({ signal }) => fetchRelated(id, signal),
  })
}

/** The 4 highest-rated products, highest first (rules.md § Home page); ties keep catalogue order. */
export function bestSellers(products: readonly Product[], count = 4): Product[] {
  return [...products].sort((a, b) => b.rating - a.rating).slice(0, count)
}
