import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { isSignedInAtom } from '../features/account/index.ts'

/** The guard (spec §2.1, decisions §7): pages below it are for signed-in shoppers only. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context }) => {
    if (!context.store.get(isSignedInAtom)) throw redirect({ to: '/', replace: true })
  },
  component: Outlet,
})
