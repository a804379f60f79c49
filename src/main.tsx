import { RouterProvider } from '@tanstack/react-router'
import { hydrate } from '@tanstack/react-router/ssr/client'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { keepResetToken } from './features/account/reset-link.ts'
import { toastNotifier } from './lib/notify.ts'
import { startServiceWorker } from './lib/service-worker.ts'
import { startTelemetry } from './lib/telemetry/start-telemetry.ts'
import { createAppRouter } from './router.tsx'
import { yieldToBrowser } from './lib/yield-to-browser.ts'
import './styles/global.css'

// Start-up in tasks rather than one long one a tap would wait for: the modules' own code (React,
// the router, the app's definitions), then the router, then (a page the server rendered) the
// router's taking over of the server's matches and data, then React's hydration.
async function start() {
  // A reset link's token leaves the address before the router reads it (rules.md § Password reset).
  keepResetToken()
  await yieldToBrowser()
  const router = createAppRouter({ notifier: toastNotifier, origin: location.origin })
  // The catalogue this device kept (a reload or an offline visit paints it), restored and saved
  // from here on; its code loads beside the page's, not before it.
  const catalogue = import('./lib/query-persistence.ts').then(({ persistCatalogue }) =>
    persistCatalogue(router.options.context.queryClient, __BUILD_ID__),
  )
  startServiceWorker()
  // Errors and field data go to the server (production builds: development shows its own errors).
  const onErrors = import.meta.env.PROD ? startTelemetry(router) : {}

  await yieldToBrowser()
  if (window.$_TSR) {
    // A page the server rendered: the app takes it over as it is, with the server's data. The
    // router first (what RouterClient does as React starts, which made React set its first slice
    // of work aside until the router had, and start again), then React.
    try {
      await hydrate(router)
    } finally {
      window.$_TSR.h()
    }
    await yieldToBrowser()
    // As a transition, which React hydrates in slices a tap can interrupt rather than in one long
    // task (a slow phone stays responsive while it runs).
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
        onErrors,
      )
    })
  } else {
    // The offline shell (index.html, from the service worker): the app renders the page itself,
    // from the catalogue this device kept when it has it.
    void catalogue.then(() =>
      createRoot(document, onErrors).render(
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
      ),
    )
  }
}

void start()
