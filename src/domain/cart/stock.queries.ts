import { onlineManager, queryOptions, type QueryClient } from '@tanstack/react-query'
import { toApiError } from '../../lib/api-error.ts'
import { fetchProduct } from '../catalogue/catalogue.api.ts'
import { productQuery } from '../catalogue/catalogue.queries.ts'
import type { FreshStock, ProductStock } from './quantity.ts'

/** A product the catalogue no longer has (404) cannot be bought: it counts as out of stock. */
const GONE: ProductStock = { stock: 0 }

const factsOf = ({ stock, minimumOrderQuantity, variants }: ProductStock): ProductStock => ({
  stock,
  minimumOrderQuantity,
  ...(variants && { variants: variants.map(({ sku, stock }) => ({ sku, stock })) }),
})

/**
 * The stock of a cart's products (rules.md § Stock), one product query each: a product fresh in the
 * cache is not asked again, unless `refetch` (right before an order is saved). Offline, or where
 * the catalogue does not answer, the last data this device saw stands and `refreshed` says so:
 * the shopper is never stopped without a reason.
 */
export async function freshStock(
  queryClient: QueryClient,
  ids: readonly number[],
  { refetch = false } = {},
): Promise<{ stock: FreshStock; refreshed: boolean }> {
  // Two variants of one product are two lines, and one product query.
  ids = [...new Set(ids)]
  const stock = new Map<number, ProductStock>()
  for (const id of ids) {
    const product = queryClient.getQueryData(productQuery(queryClient, id).queryKey)
    if (product) stock.set(id, factsOf(product))
  }
  // Offline, a product query would wait for the network: what the cache holds is all there is.
  if (!onlineManager.isOnline()) return { stock, refreshed: false }
  const answers = await Promise.allSettled(
    ids.map((id) => {
      const query = productQuery(queryClient, id)
      return queryClient.fetchQuery(
        refetch
          ? {
              queryKey: query.queryKey,
              queryFn: ({ signal }) => fetchProduct(id, signal, { fresh: true }),
              staleTime: 0,
              retry: false,
            }
          : { ...query, retry: false },
      )
    }),
  )
  let refreshed = true
  answers.forEach((answer, index) => {
    const id = ids[index]!
    if (answer.status === 'fulfilled') stock.set(id, factsOf(answer.value))
    else if (toApiError(answer.reason).status === 404) stock.set(id, GONE)
    else refreshed = false
  })
  return { stock, refreshed }
}

/**
 * The check as the cart or checkout opens: never kept (a later visit checks again), and it runs
 * offline too, where it answers from the cache.
 */
export const stockCheckQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: ['stock-check', ...ids],
    queryFn: ({ client }) => freshStock(client, ids),
    networkMode: 'always',
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
