import type { QueryClient } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { toApiError } from '../../lib/api-error.ts'
import { inlineImages } from '../../lib/inline-images.ts'
import { productQuery, relatedQuery } from '../../domain/catalogue/catalogue.queries.ts'

/**
 * What /product/{id} loads before it renders: the product (from any cached list when possible)
 * and, without waiting for it, the related products. An unknown id is a page that does not exist.
 */
export async function loadProduct(queryClient: QueryClient, id: number) {
  // The product first: the page waits for it.
  const product = queryClient.ensureQueryData(productQuery(queryClient, id))
  void queryClient.prefetchQuery(relatedQuery(id))
  try {
    const loaded = await product
    // Its first photo is the page's largest paint: in the server's HTML.
    await inlineImages(queryClient, [loaded.images[0]])
    return loaded
  } catch (error) {
    if (toApiError(error).status === 404) throw notFound()
    throw error
  }
}
