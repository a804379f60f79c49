import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordPage } from '../features/account/components/forgot-password-page.tsx'
import { PAGE_NAMES } from '../lib/head/rules.ts'
import { pageHead } from '../lib/head/route-head.ts'

export const Route = createFileRoute('/forgot-password')({
  // A form anyone may fill, rendered by the server; what it sends is one shopper's.
  head: ({ match }) => pageHead(match, { name: PAGE_NAMES.forgotPassword, noindex: true }),
  component: ForgotPasswordPage,
})
