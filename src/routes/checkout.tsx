import { createFileRoute } from '@tanstack/react-router'
import { CheckoutPage } from '../features/checkout/components/checkout-page.tsx'
import { PAGE_NAMES } from '../lib/page-heads.ts'
import { pageHead } from '../lib/route-head.ts'

export const Route = createFileRoute('/checkout')({
  // The shopper's own: the server sends the page's frame, the browser fills it in (decisions §11).
  ssr: false,
  head: ({ match }) => pageHead(match, { name: PAGE_NAMES.checkout, noindex: true }),
  component: function CheckoutRoute() {
    return <CheckoutPage />
  },
})
