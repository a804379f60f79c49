import { createFileRoute } from '@tanstack/react-router'
import { UserAuthPage } from '../features/account/components/userauth-page.tsx'
import { PAGE_NAMES } from '../lib/head/rules.ts'
import { pageHead } from '../lib/head/route-head.ts'

export const Route = createFileRoute('/userauth')({
  head: ({ match }) => pageHead(match, { name: PAGE_NAMES.signIn, noindex: true }),
  component: UserAuthPage,
})
