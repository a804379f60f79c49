import { createFileRoute } from '@tanstack/react-router'
import { OrderHistoryPage } from '../features/orders/components/order-history-page.tsx'
import { PAGE_NAMES } from '../lib/page-heads.ts'
import { pageHead } from '../lib/route-head.ts'

export const Route = createFileRoute('/orders')({
  // The shopper's own: the server sends the page's frame, the browser fills it in (decisions §11).
  ssr: false,
  head: ({ match }) => pageHead(match, { name: PAGE_NAMES.orders, noindex: true }),
  component: OrderHistoryPage,
})
