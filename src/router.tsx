import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { NotFoundPage, PagePending, RouteError } from './features/layout/index.ts'
import type { RouterContext } from './lib/router-context.ts'
import { routeTree } from './routeTree.gen.ts'

/** How long a page may load before its pending state shows. */
export const PENDING_MS = 300

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    history,
    // Hovering or focusing a link starts loading its route's code and data (decisions §8).
    defaultPreload: 'intent',
    // TanStack Query decides freshness; the router must not keep its own second cache of loader results.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PagePending,
    defaultPendingMs: PENDING_MS,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
