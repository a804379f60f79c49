import { createFileRoute } from '@tanstack/react-router'
import { allProductsQuery } from '../features/catalog/index.ts'
import { HomePage } from '../features/home/index.ts'

export const Route = createFileRoute('/')({
  // Start the best sellers' request with the route's code, without holding the page for it:
  // the hero paints at once and the products stream in (skeletons meanwhile).
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(allProductsQuery())
  },
  component: HomePage,
})
