import { lazy } from 'react'

// Pages few visits see: their code loads when one is shown (the router suspends meanwhile).
export const NotFoundPage = lazy(() =>
  import('./components/not-found-page.tsx').then((module) => ({ default: module.NotFoundPage })),
)
export const RouteError = lazy(() =>
  import('./components/route-error.tsx').then((module) => ({ default: module.RouteError })),
)
export { PagePending } from './components/page-pending.tsx'
export { RootLayout } from './components/root-layout.tsx'
export { SimplePage } from './components/simple-page.tsx'
