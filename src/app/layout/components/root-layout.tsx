import { Outlet } from '@tanstack/react-router'
import { useEffect } from 'react'
import { WhenLoaded } from '../../../components/on-demand.tsx'
import { useIdleAfterPaint } from '../../../lib/after-paint.ts'
import { preloadHttp } from '../../../lib/api-client.ts'
import { lazyComponent } from '../../../lib/lazy-component.ts'
import { useToastsRaised } from '../../../lib/notify.ts'
import { AccountModal } from '../../../features/account/account-modal.tsx'
import { SessionExpiry } from '../../../features/account/session-expiry.tsx'
import { RefreshCategories } from '../../../domain/catalogue/use-categories.ts'
import { ThemeSync } from '../../../features/theme/theme-sync.tsx'
import { useWaitingOrder } from '../../../features/checkout/waiting-order.ts'
import { DEVELOPMENT, devtoolsRequested } from './devtools-requested.ts'
import { Footer } from './footer.tsx'
import { Header } from './header.tsx'
import { OfflineNotice } from './offline-notice.tsx'
import styles from './root-layout.module.css'
import { RouteProgress } from './route-progress.tsx'
import { UpdatePrompt } from './update-prompt.tsx'

// Toasts bring their library (react-toastify): it loads once the page has painted and the
// browser is idle, and its container mounts with the page's first toast (useToastsRaised), which
// waits in the library's queue until then. The HTTP client's code loads then too.
const ToastHost = lazyComponent(() => import('./toast-host.tsx'), 'ToastHost')

// Developers' devtools: always in `npm run dev`, and in production on demand (?devtools,
// devtools-requested.ts); their code is a chunk of its own that no shopper's page asks for.
const Devtools = lazyComponent(() => import('./devtools.tsx'), 'Devtools')

export function RootLayout() {
  const idle = useIdleAfterPaint()
  const toastsRaised = useToastsRaised()
  useWaitingOrder(idle)
  useEffect(() => {
    if (!idle) return
    ToastHost.preload()
    preloadHttp()
  }, [idle])
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
      <UpdatePrompt />
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <AccountModal />
      {toastsRaised && (
        <WhenLoaded piece={ToastHost}>
          <ToastHost className={styles.toastHost} />
        </WhenLoaded>
      )}
      {idle && (DEVELOPMENT || devtoolsRequested()) && (
        <WhenLoaded piece={Devtools}>
          <Devtools />
        </WhenLoaded>
      )}
    </>
  )
}
