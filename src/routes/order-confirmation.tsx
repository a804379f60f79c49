import { createFileRoute } from '@tanstack/react-router'
import { ConfirmationPage } from '../features/orders/components/confirmation-page.tsx'
import { PAGE_NAMES } from '../lib/page-heads.ts'
import { pageHead } from '../lib/route-head.ts'

export const Route = createFileRoute('/order-confirmation')({
  // The shopper's own: the server sends the page's frame, the browser fills it in (decisions §11).
  ssr: false,
  head: ({ match }) => pageHead(match, { name: PAGE_NAMES.confirmation, noindex: true }),
  component: ConfirmationPage,
})
