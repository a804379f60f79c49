import type { QueryClient } from '@tanstack/react-query'
import { PRIORITY_CARDS } from '../../components/product-grid.tsx'
import { inlineImages } from '../../lib/inline-images.ts'
import { searchQuery } from '../../domain/catalogue/catalogue.queries.ts'
import { keepMatchedTerms } from './matches.ts'
import { SEARCH_MIN_LENGTH, searchTerm } from './search.ts'

/**
 * What /search loads for `?q=`: the server waits for the results, so its HTML shows them; the
 * browser does not, so the page keeps the previous results on screen while the next ones load.
 * The server also works out the words each result matched, which the page marks, once for its HTML
 * and the app's first render (matches.ts), and puts the first cards' pictures, the page's largest
 * paint, in its HTML (as a listing does). Only the route's loader imports this module, so
 * MiniSearch stays out of the entry.
 */
export function loadSearch(queryClient: QueryClient, q = ''): Promise<void> | undefined {
  const term = searchTerm(q)
  if (term.length < SEARCH_MIN_LENGTH) return undefined
  const options = searchQuery(term)
  const loading = queryClient.prefetchInfiniteQuery(options)
  if (!import.meta.env.SSR) return undefined
  return loading.then(async () => {
    const products = queryClient
      .getQueryData(options.queryKey)
      ?.pages.flatMap((page) => page.products)
    if (!products?.length) return
    keepMatchedTerms(queryClient, products, term)
    await inlineImages(
      queryClient,
      products.slice(0, PRIORITY_CARDS).map((product) => product.thumbnail),
    )
  })
}
