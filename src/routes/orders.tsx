import { createFileRoute } from '@tanstack/react-router'
import { OrderHistoryPage } from '../features/orders/components/order-history-page.tsx'
import { PAGE_NAMES } from '../lib/page-heads.ts'
import { personalHead } from '../lib/route-head.ts'

export const Route = createFileRoute('/orders')({
  // The shopper's own (lib/route-head.ts): its frame from the server, the page from the app.
  ssr: false,
  pendingMinMs: 0,
  head: personalHead(PAGE_NAMES.orders),
  component: OrderHistoryPage,
})
