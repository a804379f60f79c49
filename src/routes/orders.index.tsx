import { createFileRoute } from '@tanstack/react-router'
import { OrderHistoryPage } from '../features/orders/components/order-history-page.tsx'
import { PAGE_NAMES } from '../lib/head/rules.ts'
import { personalHead } from '../lib/head/route-head.ts'

export const Route = createFileRoute('/orders/')({
  // The shopper's own (lib/head/route-head.ts): its heading from the server, the rest from the app
  // (components/personal-page.tsx).
  head: personalHead(PAGE_NAMES.orders),
  component: OrderHistoryPage,
})
