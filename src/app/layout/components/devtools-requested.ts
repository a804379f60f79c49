/** Where a tab keeps that its developer asked for the devtools: sessionStorage, this tab only. */
export const DEVTOOLS_KEY = 'meridian-devtools'

/** `npm run dev`, which shows the devtools' buttons on every page; not the tests' own mode. */
export const DEVELOPMENT = import.meta.env.MODE === 'development'

/** `?devtools` in an address (or `?devtools=off`). */
const NAMED = /[?&]devtools(?:[=&]|$)/

/**
 * Whether this tab may want TanStack Query's and Router's devtools: its address names them, or an
 * address did earlier in the tab. Only a developer's page then loads their code, which decides
 * (devtoolsWanted); a shopper's page never does.
 */
export function devtoolsRequested(): boolean {
  try {
    return NAMED.test(location.search) || sessionStorage.getItem(DEVTOOLS_KEY) !== null
  } catch {
    return false
  }
}
