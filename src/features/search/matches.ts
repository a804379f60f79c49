import {
  createProductSearch,
  queryWords,
  type Searchable,
} from '../../../shared/search/product-search.ts'
import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import { catalogueKeys } from '../../domain/catalogue/catalogue.queries.ts'
import type { Product } from '../../domain/catalogue/catalogue.schemas.ts'

/**
 * The same search as our API's (shared/search), run in the browser over products at hand: the
 * words each shown result matched, to mark them, and a search of the products this device has
 * cached, for when the API cannot be reached. Loaded with the search page and the header's search
 * panel only (MiniSearch).
 */

/** The products among `products` that `query` finds, best first, with the terms each matched. */
export function searchAmong<T extends Searchable>(
  products: readonly T[],
  query: string,
): { product: T; terms: ReadonlySet<string> }[] {
  const byId = new Map(products.map((product) => [product.id, product]))
  return createProductSearch(products)
    .search(query)
    .flatMap((match) => {
      const product = byId.get(match.id)
      return product ? [{ product, terms: new Set(match.terms) }] : []
    })
}

/** For each of `products` that `query` matches, the terms it matched. */
export function matchedTerms(
  products: readonly Searchable[],
  query: string,
): Map<number, ReadonlySet<string>> {
  return new Map(searchAmong(products, query).map(({ product, terms }) => [product.id, terms]))
}

// Where the server keeps the terms of the results it rendered, in the query cache the page carries
// to the browser: for the same query and the same products, the app's first render reads them
// rather than indexing the results again. That index is the longest piece of the search page's
// hydration, one task React cannot slice (docs/performance.md), and its answer is the server's.
const keptTermsKey = (query: string, products: readonly Searchable[]) =>
  ['matched-terms', query, products.map((product) => product.id).join(',')] as const

/** Server only (the search page's loader): keeps `matchedTerms(products, query)` for the browser. */
export function keepMatchedTerms(
  queryClient: QueryClient,
  products: readonly Searchable[],
  query: string,
): void {
  const terms = matchedTerms(products, query)
  queryClient.setQueryData(
    keptTermsKey(query, products),
    Object.fromEntries([...terms].map(([id, matched]) => [id, [...matched]])),
  )
}

/** `matchedTerms(products, query)`, from what the server kept when it has it. */
export function matchedTermsOf(
  queryClient: QueryClient,
  products: readonly Searchable[],
  query: string,
): Map<number, ReadonlySet<string>> {
  const kept = queryClient.getQueryData<Record<string, string[]>>(keptTermsKey(query, products))
  return kept
    ? new Map(Object.entries(kept).map(([id, matched]) => [Number(id), new Set(matched)]))
    : matchedTerms(products, query)
}

/**
 * The categories any word of `query` names, by the same rules (a typo, the start of a word, or a
 * word shoppers use for it: 'phone' names Smartphones), in the list's order, at most `max`.
 */
export function matchingCategories<T extends { slug: string; name: string }>(
  categories: readonly T[],
  query: string,
  max = 3,
): T[] {
  const search = createProductSearch(
    categories.map((category, id) => ({
      id,
      title: category.name,
      category: category.slug,
      rating: 0,
    })),
  )
  const named = new Set(
    queryWords(query).flatMap((word) => search.search(word).map((match) => match.id)),
  )
  return categories.filter((_, id) => named.has(id)).slice(0, max)
}

/**
 * Every product this device holds in the catalogue cache (lists, whole categories, search results,
 * suggestions and products opened), each once. What the cache restored from storage counts: it is
 * what search finds offline. (The product page's seeding, catalogue.queries.ts, looks in the lists
 * alone, for one product, and stays in the first screen's code.)
 */
export function savedProducts(queryClient: QueryClient): Product[] {
  const found = new Map<number, Product>()
  for (const { state } of queryClient.getQueryCache().findAll({ queryKey: catalogueKeys.all })) {
    const data = state.data as
      InfiniteData<{ products: Product[] }> | Product[] | Product | undefined
    const products = Array.isArray(data)
      ? data
      : data && 'pages' in data
        ? data.pages.flatMap((page) => page.products)
        : data && 'products' in data
          ? (data as { products: Product[] }).products
          : [data]
    for (const product of products)
      if (typeof product?.id === 'number' && !found.has(product.id)) found.set(product.id, product)
  }
  return [...found.values()]
}
