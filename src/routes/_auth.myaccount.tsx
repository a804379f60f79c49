import { createFileRoute } from '@tanstack/react-router'
import { sessionAtom } from '../domain/session/session.atoms.ts'
import { userQuery } from '../features/account/account.queries.ts'
import { tokenCaller } from '../domain/session/session-tokens.ts'
import { MyAccountPage } from '../features/account/components/my-account-page.tsx'
import { PAGE_NAMES } from '../lib/head/rules.ts'
import { pageHead } from '../lib/head/route-head.ts'

export const Route = createFileRoute('/_auth/myaccount')({
  // The guard (_auth) has made sure there is a session.
  loader: async ({ context }) => {
    const session = context.store.get(sessionAtom)
    if (session)
      await context.queryClient.ensureQueryData(userQuery(session.id, tokenCaller(context.store)))
  },
  head: ({ match }) => pageHead(match, { name: PAGE_NAMES.account, noindex: true }),
  component: MyAccountPage,
})
