import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router'
import * as v from 'valibot'
import { Frame, NotFound, PagePending } from './components/frame.tsx'
import { isSessionEnded, ORDER_STATUSES, storedSession } from './operator-api.ts'

/**
 * The back office's routes (docs/api.md § Operator), apart from the storefront's: its own router,
 * each page's code a chunk of its own (lazyRouteComponent), and every page behind the operator's
 * session but the sign-in.
 */

interface AdminContext {
  queryClient: QueryClient
}

const rootRoute = createRootRouteWithContext<AdminContext>()({
  notFoundComponent: NotFound,
})

/** Where a signed-out operator goes: the sign-in, which brings them back here. */
const toSignIn = (href: string, ended = false) =>
  redirect({
    to: '/admin/sign-in',
    search: { redirect: href, ...(ended && { ended: true }) },
    replace: true,
  })

/** Only a path of the back office's own is a place to go back to after signing in. */
const backOfficePath = v.fallback(
  v.optional(v.pipe(v.string(), v.regex(/^\/admin(?:[/?#]|$)/), v.regex(/^[^\\]*$/))),
  undefined,
)

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/sign-in',
  validateSearch: v.object({
    redirect: backOfficePath,
    ended: v.fallback(v.optional(v.boolean()), undefined),
  }),
  component: lazyRouteComponent(() => import('./components/sign-in-page.tsx'), 'SignInPage'),
})

/** The signed-in frame: the header, its navigation, and the page. */
const frameRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: ({ location }) => {
    const session = storedSession()
    if (!session) throw toSignIn(location.href)
    return { operator: session.email }
  },
  component: Frame,
})

const PAGE = v.fallback(
  v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)), 1),
  1,
)
const QUERY = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined)

export const ordersSearch = v.object({
  q: QUERY,
  status: v.fallback(v.optional(v.picklist(ORDER_STATUSES)), undefined),
  page: PAGE,
})

const ordersRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: '/',
  validateSearch: ordersSearch,
  component: lazyRouteComponent(() => import('./components/orders-page.tsx'), 'OrdersPage'),
})

const orderRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'orders/$number',
  component: lazyRouteComponent(() => import('./components/order-page.tsx'), 'OrderPage'),
})

export const stockSearch = v.object({ q: QUERY, page: PAGE })

const stockRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'stock',
  validateSearch: stockSearch,
  component: lazyRouteComponent(() => import('./components/stock-page.tsx'), 'StockPage'),
})

const routeTree = rootRoute.addChildren([
  signInRoute,
  frameRoute.addChildren([ordersRoute, orderRoute, stockRoute]),
])

/** The back office's router and its query cache: a session that ends sends the operator to sign in. */
export function createAdminRouter(history?: RouterHistory) {
  const onError = (error: unknown) => {
    if (!isSessionEnded(error)) return
    const { href } = router.state.location
    if (!href.startsWith('/admin/sign-in'))
      void router.navigate({ to: '/admin/sign-in', search: { redirect: href, ended: true } })
  }
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // A refusal (4xx) is an answer: asking again would get the same.
        retry: (count, error) =>
          count < 2 &&
          !(error instanceof Error && 'status' in error && Number(error.status) >= 400),
        // The operator acts on what they see: what another operator changed shows when they come back.
        staleTime: 10_000,
        refetchOnWindowFocus: true,
      },
    },
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
  })
  const router = createRouter({
    routeTree,
    context: { queryClient },
    ...(history && { history }),
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PagePending,
    defaultNotFoundComponent: NotFound,
  })
  return router
}

export type AdminRouter = ReturnType<typeof createAdminRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AdminRouter
  }
}
