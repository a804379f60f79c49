import { ReactQueryDevtools } from '@tanstack/react-query-devtools/production'
import { TanStackRouterDevtoolsInProd } from '@tanstack/react-router-devtools'
import { useState } from 'react'
import { DEVELOPMENT, DEVTOOLS_KEY } from './devtools-requested.ts'

/**
 * Whether the devtools show, open: `?devtools` turns them on for the rest of the tab's life,
 * `?devtools=off` off again; an address without it leaves the tab's last word.
 */
export function devtoolsWanted(search: string, storage: Storage = sessionStorage): boolean {
  const asked = new URLSearchParams(search).get('devtools')
  try {
    if (asked === 'off') storage.removeItem(DEVTOOLS_KEY)
    else if (asked !== null) storage.setItem(DEVTOOLS_KEY, 'on')
    return storage.getItem(DEVTOOLS_KEY) !== null
  } catch {
    // Storage refused: this address alone decides.
    return asked !== null && asked !== 'off'
  }
}

/**
 * TanStack Router's and Query's devtools over the app's own router and query client: the route's
 * matches and their loader data along the bottom, the query cache on the right (what the server's
 * page carried and what this device kept among it). Their production builds, so that developers
 * open them on the live site (`?devtools`); `npm run dev` shows their buttons always.
 */
export function Devtools() {
  const [open] = useState(() => devtoolsWanted(location.search))
  if (!open && !DEVELOPMENT) return null
  return (
    <>
      <TanStackRouterDevtoolsInProd initialIsOpen={open} position="bottom-right" />
      <ReactQueryDevtools initialIsOpen={open} buttonPosition="bottom-left" position="right" />
    </>
  )
}
