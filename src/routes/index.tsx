import { createFileRoute } from '@tanstack/react-router'
import { allProductsQuery } from '../domain/catalogue/catalogue.queries.ts'
import { HomePage } from '../features/home/components/home-page.tsx'
import { env } from '../lib/env.ts'
import { pageHead } from '../lib/head/route-head.ts'
import { siteLd } from '../lib/head/structured-data.ts'

export const Route = createFileRoute('/')({
  // Start the best sellers' request with the route's code, without holding the page for it: in
  // the browser the hero paints at once and the products stream in (skeletons meanwhile); the
  // server waits for them (they are suspended parts of its render).
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(allProductsQuery())
  },
  head: ({ match }) =>
    pageHead(match, {
      // For crawlers, who read the server's HTML (lib/head/route-head.ts).
      ...(import.meta.env.SSR && { jsonLd: siteLd(env.brand, match.context.origin) }),
    }),
  component: HomePage,
})
