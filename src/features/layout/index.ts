export { NotFoundPage } from './components/not-found-page.tsx'
export { PagePending } from './components/page-pending.tsx'
export { RootLayout } from './components/root-layout.tsx'
export { RouteError } from './components/route-error.tsx'
