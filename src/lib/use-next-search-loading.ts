import { useRouterState } from '@tanstack/react-router'

/**
 * True while this page's next search loads (a new sort or filter: the same path, a new query):
 * until it arrives, the list on screen is the last search's. A tap on its Load More would fetch more of
 * that list and be lost as the new one replaced it, so the button waits, saying so.
 */
export function useNextSearchLoading(): boolean {
  return useRouterState({
    select: (state) =>
      state.status === 'pending' && state.location.pathname === state.resolvedLocation?.pathname,
  })
}
