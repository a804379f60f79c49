import { createFileRoute } from '@tanstack/react-router'
import { OrderHistoryPage } from '../features/orders/components/order-history-page.tsx'

export const Route = createFileRoute('/orders')({
  component: OrderHistoryPage,
})
