import { createRootRouteWithContext } from '@tanstack/react-router'
import { loadCategories } from '../domain/catalogue/use-categories.ts'
import { Document, NotFoundPage, RootLayout } from '../app/layout/index.ts'
import { siteHead } from '../lib/head/route-head.ts'
import type { RouterContext } from '../lib/router-context.ts'

export const Route = createRootRouteWithContext<RouterContext>()({
  loader: ({ context }) => loadCategories(context.queryClient),
  head: ({ matches, match }) => siteHead(matches, match.context.vitalsSampleRate),
  shellComponent: Document,
  component: RootLayout,
  notFoundComponent: NotFoundPage,
})
