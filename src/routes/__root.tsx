import { createRootRouteWithContext } from '@tanstack/react-router'
import { NotFoundPage, RootLayout } from '../features/layout/index.ts'
import type { RouterContext } from '../lib/router-context.ts'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
})
