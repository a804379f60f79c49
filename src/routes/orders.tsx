import { createFileRoute } from '@tanstack/react-router'
import { OrderHistoryPage } from '../features/orders/components/order-history-page.tsx'
import { PAGE_NAMES } from '../lib/page-heads.ts'
import { personalHead } from '../lib/route-head.ts'

export const Route = createFileRoute('/orders')({
  // The shopper's own (lib/route-head.ts): its heading from the server, the rest from the app
  // (components/personal-page.tsx).
  head: personalHead(PAGE_NAMES.orders),
  component: OrderHistoryPage,
})
