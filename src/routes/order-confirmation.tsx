import { createFileRoute } from '@tanstack/react-router'
import { ConfirmationPage } from '../features/orders/components/confirmation-page.tsx'

export const Route = createFileRoute('/order-confirmation')({
  component: ConfirmationPage,
})
