import { createProductSearch, type Searchable } from '../../../shared/search/product-search.ts'

/**
 * The same search as our API's (shared/search), run in the browser over products at hand: the
 * words each shown result matched, to mark them, and a search of the products this device has
 * cached, for when the API cannot be reached. Loaded with the search page only (MiniSearch).
 */

/** The products among `products` that `query` finds, best first, with the terms each matched. */
export function searchProducts<T extends Searchable>(
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
  return new Map(searchProducts(products, query).map(({ product, terms }) => [product.id, terms]))
}
