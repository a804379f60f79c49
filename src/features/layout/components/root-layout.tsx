import { Outlet } from '@tanstack/react-router'
import { Suspense, useSyncExternalStore } from 'react'
import { toastHostDemand } from '../../../lib/notify.ts'
import { useIdleAfterPaint } from '../../../lib/after-paint.ts'
import { lazyExport } from '../../../lib/lazy-export.ts'
import { AccountModal, SessionExpiry } from '../../account/index.ts'
import { RefreshCategories } from '../../catalog/index.ts'
import { ThemeSync } from '../../theme/index.ts'
import { Header } from './header.tsx'
import { OfflineNotice } from './offline-notice.tsx'
import styles from './root-layout.module.css'
import { RouteProgress } from './route-progress.tsx'

// Below every page's content: its code loads once the page has painted and the browser is idle
// (not only when scrolled to: its landmark and links are there for every way of reading the page).
const Footer = lazyExport(() => import('./footer.tsx'), 'Footer')

function FooterWhenIdle() {
  return useIdleAfterPaint() ? (
    <Suspense>
      <Footer />
    </Suspense>
  ) : null
}

// Toasts are not needed until the first one is raised: their library arrives in its own chunk then.
const ToastHost = lazyExport(() => import('./toast-host.tsx'), 'ToastHost')

function ToastHostOnDemand() {
  const wanted = useSyncExternalStore(
    toastHostDemand.subscribe,
    toastHostDemand.wanted,
    toastHostDemand.wanted,
  )
  return wanted ? <ToastHost /> : null
}

// Development builds only: the condition is a build-time constant, so production drops the import.
const Devtools = import.meta.env.DEV
  ? lazyExport(() => import('./devtools.tsx'), 'Devtools')
  : () => null

export function RootLayout() {
  return (
    <>
      <ThemeSync />
      <SessionExpiry />
      <RefreshCategories />
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <RouteProgress />
      <OfflineNotice />
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <FooterWhenIdle />
      <AccountModal />
      <Suspense>
        <ToastHostOnDemand />
        <Devtools />
      </Suspense>
    </>
  )
}
