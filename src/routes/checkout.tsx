import { createFileRoute } from '@tanstack/react-router'
import { CheckoutPage } from '../features/checkout/components/checkout-page.tsx'
import { PAGE_NAMES } from '../lib/head/rules.ts'
import { personalHead } from '../lib/head/route-head.ts'

export const Route = createFileRoute('/checkout')({
  // The shopper's own (lib/head/route-head.ts): its heading from the server, the rest from the app
  // (components/personal-page.tsx).
  head: personalHead(PAGE_NAMES.checkout),
  component: function CheckoutRoute() {
    return <CheckoutPage />
  },
})
