import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { createStore, Provider as JotaiProvider } from 'jotai'
import type { ReactNode } from 'react'
import { NotFoundPage, PagePending, RouteError } from './app/layout/index.ts'
import type { Notifier } from './lib/notify.ts'
import { createQueryClient } from './lib/query-client.ts'
import { routeTree } from './routeTree.gen.ts'

/** How long a page may load before its pending state shows. */
export const PENDING_MS = 300

export interface AppRouterOptions {
  /** Where toasts go: the browser's toasts, nothing on the server. */
  notifier: Notifier
  /** The site's public origin, for canonical and link-preview URLs. */
  origin: string
  history?: RouterHistory
  /** Render only the layout; the page loads in the browser (an upstream API too slow to wait for). */
  isShell?: boolean
  /** The server's VITALS_SAMPLE_RATE, which its pages tell the browser (see siteHead). */
  vitalsSampleRate?: number
}

/**
 * One app: a router with its own QueryClient and Jotai store. The browser makes one; the server one
 * per request, so nothing one shopper's request loads is ever seen by another's (decisions.md § Server rendering).
 */
export function createAppRouter({
  notifier,
  origin,
  history,
  isShell,
  vitalsSampleRate,
}: AppRouterOptions) {
  const queryClient = createQueryClient(notifier)
  const store = createStore()
  const router = createRouter({
    routeTree,
    context: { queryClient, store, origin, vitalsSampleRate },
    history,
    isShell,
    Wrap: ({ children }: { children: ReactNode }) => (
      <JotaiProvider store={store}>{children}</JotaiProvider>
    ),
    // Hovering or focusing a link starts loading its route's code and data (rules.md § Added features).
    defaultPreload: 'intent',
    // TanStack Query decides freshness; the router must not keep its own second cache of loader results.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PagePending,
    defaultPendingMs: PENDING_MS,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: afterTheFirstRender(),
  })
  // The server's queries travel in the page (dehydrated) and seed the browser's cache (hydrated),
  // so the browser does not ask again for what the HTML already shows.
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

/**
 * The router's scroll restoration (a page seen before at its place, a new one at its top) after
 * each navigation, but not after its first render: that is the app taking over the page the shopper
 * already has, the server's or the offline shell's. A shopper who scrolled the server's page while
 * the app was still loading stays where they are; the router put them back at the top. (A reload's
 * place is restored before the app runs, by the router's own script in the server's page.)
 */
function afterTheFirstRender() {
  let first = true
  return () => {
    if (!first) return true
    first = false
    return false
  }
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
