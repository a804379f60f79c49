import { createFileRoute } from '@tanstack/react-router'
import { ConfirmationPage } from '../features/orders/components/confirmation-page.tsx'
import { PAGE_NAMES } from '../lib/head/rules.ts'
import { personalHead } from '../lib/head/route-head.ts'

export const Route = createFileRoute('/order-confirmation')({
  // The shopper's own (lib/head/route-head.ts): its frame from the server, the page from the app.
  ssr: false,
  pendingMinMs: 0,
  head: personalHead(PAGE_NAMES.confirmation),
  component: ConfirmationPage,
})
