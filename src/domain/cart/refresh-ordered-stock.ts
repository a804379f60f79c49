import type { QueryClient } from '@tanstack/react-query'
import { fetchProduct } from '../catalogue/catalogue.api.ts'
import { catalogueKeys } from '../catalogue/catalogue.queries.ts'

/**
 * After the server answered an order (placed, or refused for its stock or its total), what this
 * device kept of the products it named is replaced (rules.md § Stock): their data, asked past every
 * cache (the query cache's and the service worker's copies take the answer), and their pages in
 * the browser's cache, which it would otherwise show once more while it asks again (pages are
 * `stale-while-revalidate`: server/pages/page-handler.ts): every page, the cart and the checkout
 * then show the stock the order left. Loaded when an order is answered (domain/orders/
 * pending-order.ts), so no page carries it.
 */
export function refreshOrderedStock(
  queryClient: QueryClient,
  lines: readonly { id: number; variant?: { sku: string } }[],
) {
  const pages = new Set(
    lines.flatMap(({ id, variant }) => [
      `/product/${id}`,
      ...(variant ? [`/product/${id}?variant=${encodeURIComponent(variant.sku)}`] : []),
    ]),
  )
  for (const page of pages)
    void fetch(page, { cache: 'reload' })
      .then((response) => response.arrayBuffer())
      .catch(() => {
        // Offline, or the page is gone: the browser keeps what it has; the data is fresh anyway.
      })
  return Promise.allSettled(
    [...new Set(lines.map((line) => line.id))].map((id) =>
      queryClient.fetchQuery({
        queryKey: catalogueKeys.product(id),
        queryFn: ({ signal }) => fetchProduct(id, signal, { fresh: true }),
        staleTime: 0,
        retry: false,
      }),
    ),
  )
}
