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
 * cache is not asked again, unless its data is older than `maxAgeMs`, in which case it is asked of
 * the server past every cache (the browser's and the service worker's, whose copy the answer then
 * replaces): 0 as the cart or the checkout opens, right before an order is saved, and after one is
 * answered. Offline, or where the catalogue does not answer, the last data this device
 * saw stands and `refreshed` says so: the shopper is never stopped without a reason.
 */
export async function freshStock(
  queryClient: QueryClient,
  ids: readonly number[],
  { maxAgeMs }: { maxAgeMs?: number } = {},
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
        maxAgeMs === undefined
          ? { ...query, retry: false }
          : {
              queryKey: query.queryKey,
              queryFn: ({ signal }) => fetchProduct(id, signal, { fresh: true }),
              staleTime: maxAgeMs,
              retry: false,
            },
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
 * The check as the cart or checkout opens: each line's stock asked of the server past every cache
 * (rules.md § Stock), since the catalogue's five minutes of freshness would hide a level lowered
 * since (by the operator, or another shopper's order), which the shopper would then learn only at
 * Place Order, after typing the address and card. Never kept (a later visit checks again); it runs
 * offline too, where it answers from the cache.
 */
export const stockCheckQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: ['stock-check', ...ids],
    queryFn: ({ client }) => freshStock(client, ids, { maxAgeMs: 0 }),
    networkMode: 'always',
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
