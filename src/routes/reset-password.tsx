import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordPage } from '../features/account/components/reset-password-page.tsx'
import { PAGE_NAMES } from '../lib/head/rules.ts'
import { pageHead } from '../lib/head/route-head.ts'

/**
 * A reset link's page (rules.md § Password reset). Its address holds a token until the app takes
 * it out (features/account/reset-link.ts): the route reads no query (the server renders and keeps
 * the one page, for `/reset-password`), and the page is sent stored nowhere, with no Referer for
 * what it loads (the address it was opened with goes to no one, the site included).
 */
export const Route = createFileRoute('/reset-password')({
  validateSearch: (): Record<string, never> => ({}),
  headers: () => ({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }),
  head: ({ match }) => pageHead(match, { name: PAGE_NAMES.resetPassword, noindex: true }),
  component: ResetPasswordPage,
})
