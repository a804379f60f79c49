import { createFileRoute } from '@tanstack/react-router'
import { FindOrderPage } from '../features/orders/components/find-order-page.tsx'
import { parseFindOrderSearch } from '../features/orders/find-order-search.ts'
import { PAGE_NAMES } from '../lib/head/rules.ts'
import { pageHead } from '../lib/head/route-head.ts'

export const Route = createFileRoute('/orders/find')({
  validateSearch: parseFindOrderSearch,
  // A form anyone may fill, rendered by the server; what it finds is one shopper's.
  head: ({ match }) => pageHead(match, { name: PAGE_NAMES.findOrder, noindex: true }),
  component: function FindOrderRoute() {
    const { number } = Route.useSearch()
    return <FindOrderPage number={number} />
  },
})
