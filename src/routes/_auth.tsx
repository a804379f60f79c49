import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { isSignedInAtom } from '../features/account/index.ts'
import { PRIVATE_PAGES } from '../lib/page-heads.ts'
import { pageHead } from '../lib/route-head.ts'

/**
 * The guard (spec §2.1, decisions §7): pages below it are for signed-in shoppers only. The session
 * is in the browser's storage, so the guard runs there: the server sends these pages' frame.
 */
export const Route = createFileRoute('/_auth')({
  ssr: false,
  beforeLoad: ({ context }) => {
    if (!context.store.get(isSignedInAtom)) throw redirect({ to: '/', replace: true })
  },
  // The server stops at this route (it renders in the browser only), so its head names the page
  // below it: each is one of the shopper's own.
  head: ({ match, matches }) => {
    const page = matches.at(-1) ?? match
    return pageHead(page, { name: PRIVATE_PAGES[page.fullPath], noindex: true })
  },
  component: Outlet,
})
