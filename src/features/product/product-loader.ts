import type { QueryClient } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { toApiError } from '../../lib/api-error.ts'
import { productQuery, relatedQuery } from '../../domain/catalogue/catalog.queries.ts'

/**
 * What /product/{id} loads before it renders: the product (from any cached list when possible)
 * and, without waiting for it, the related products. An unknown id is a page that does not exist.
 */
export async function loadProduct(queryClient: QueryClient, id: number) {
  // The product first: the page waits for it (and the server preloads it: src/first-screens.ts).
  const product = queryClient.ensureQueryData(productQuery(queryClient, id))
  void queryClient.prefetchQuery(relatedQuery(id))
  try {
    return await product
  } catch (error) {
    if (toApiError(error).status === 404) throw notFound()
    throw error
  }
}
