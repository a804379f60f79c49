import { lazyRouteComponent } from '@tanstack/react-router'

export { Document } from './components/document.tsx'
export { PagePending } from './components/page-pending.tsx'
export { RootLayout } from './components/root-layout.tsx'

// Pages that failed to load or do not exist are rare: their code loads when one is shown (the
// router loads it before the app hydrates a server's 404).
export const NotFoundPage = lazyRouteComponent(
  () => import('./components/not-found-page.tsx'),
  'NotFoundPage',
)
export const RouteError = lazyRouteComponent(
  () => import('./components/route-error.tsx'),
  'RouteError',
)
