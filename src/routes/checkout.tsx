import { createFileRoute } from '@tanstack/react-router'
import { CheckoutPage } from '../features/checkout/components/checkout-page.tsx'

export const Route = createFileRoute('/checkout')({
  component: function CheckoutRoute() {
    return <CheckoutPage />
  },
})
