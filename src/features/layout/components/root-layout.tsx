import { Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { ToastContainer } from 'react-toastify'
import { AccountModal } from '../../account/index.ts'
import { ThemeSync } from '../../theme/index.ts'
import { Footer } from './footer.tsx'
import { Header } from './header.tsx'
import styles from './root-layout.module.css'
import { RouteProgress } from './route-progress.tsx'

// Development builds only: the condition is a build-time constant, so production drops the import.
const Devtools = import.meta.env.DEV
  ? lazy(() => import('./devtools.tsx').then((module) => ({ default: module.Devtools })))
  : () => null

export function RootLayout() {
  return (
    <>
      <ThemeSync />
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <RouteProgress />
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <AccountModal />
      {/* Spec §9: top-right, at most 20 at once. */}
      <ToastContainer position="top-right" limit={20} newestOnTop />
      <Suspense>
        <Devtools />
      </Suspense>
    </>
  )
}
