import { createFileRoute, Navigate, Outlet } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { isSignedInAtom } from '../domain/session/session.atoms.ts'
import { PRIVATE_PAGES } from '../lib/head/rules.ts'
import { pageHead } from '../lib/head/route-head.ts'

/**
 * The guard (rules.md § Routes and pages, decisions.md § Accounts and sessions): pages below it are for signed-in shoppers only. The session
 * is in the browser's storage, so the server sends these pages' frame and the browser decides,
 * once the page is hydrated (a redirect while the server's HTML is being taken over would leave
 * it describing another page): a signed-out visitor goes to the home page.
 */
export const Route = createFileRoute('/_auth')({
  ssr: false,
  pendingMinMs: 0,
  // The server stops at this route (it renders in the browser only), so its head names the page
  // below it: each is one of the shopper's own.
  head: ({ match, matches }) => {
    const page = matches.at(-1) ?? match
    return pageHead(page, { name: PRIVATE_PAGES[page.fullPath], noindex: true })
  },
  component: function Guard() {
    return useAtomValue(isSignedInAtom) ? <Outlet /> : <Navigate to="/" replace />
  },
})
