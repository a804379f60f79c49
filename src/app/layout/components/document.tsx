import { HeadContent, Scripts, useLocation } from '@tanstack/react-router'
import { useEffect, useRef, type ReactNode } from 'react'
import THEME_SCRIPT from '../../../features/theme/theme.script.ts?inline-script'
import EARLY_EVENTS_SCRIPT from '../../../lib/early-events.script.ts?inline-script'
import { HydratedProvider, useHydrated } from '../../../lib/hydrated.tsx'

/**
 * The whole HTML document, as the server sends it and the browser hydrates it (the root route's
 * shell): the route's head (HeadContent: title, description, canonical, link previews, structured
 * data, the page's stylesheets and code), the theme before first paint, the page, and the scripts
 * that hand the server's data to the app (Scripts).
 */
export function Document({ children }: { children: ReactNode }) {
  useServerStructuredData()
  return (
    <HydratedProvider>
      {/* The theme script sets data-theme and color-scheme on <html> before the app hydrates. */}
      <html lang="en" suppressHydrationWarning>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="color-scheme" content="light dark" />
          <ServerScript text={import.meta.env.SSR ? THEME_SCRIPT : ''} />
          {/* Taps before the app has taken the page over are kept for it (lib/early-events.script.ts). */}
          <ServerScript text={import.meta.env.SSR ? EARLY_EVENTS_SCRIPT : ''} />
          {/* Without JavaScript, a control only the app works is hidden where the page has another
              way, and that way shown (`no-script-only`, hidden by global.css; decisions.md
              § Server rendering): the browser reads a <noscript> only then. */}
          <noscript>
            {import.meta.env.SSR && (
              <style>
                {
                  '.needs-script{display:none!important}html .no-script-only{display:inline-flex!important}'
                }
              </style>
            )}
          </noscript>
          <HeadContent />
        </head>
        <body>
          {children}
          <Scripts />
        </body>
      </html>
    </HydratedProvider>
  )
}

/**
 * An inline script of the server's HTML (the theme's, the early events'), run once: the browser
 * only hydrates it (its text stays the server's) and then drops it. The app does not carry the
 * text: each caller names it only in the server's build (`import.meta.env.SSR ? … : ''`), so the
 * client's build drops the constant.
 * The page's Content-Security-Policy names each by its hash (server/http/security-headers.ts).
 */
function ServerScript({ text }: { text: string }) {
  return useHydrated() ? null : (
    <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />
  )
}

/**
 * The structured data (JSON-LD) in the server's HTML describes the page it was sent for; the app
 * does not carry it (lib/head/route-head.ts), so it goes once the shopper moves to another page.
 */
function useServerStructuredData() {
  const pathname = useLocation({ select: (location) => location.pathname })
  const first = useRef(pathname)
  useEffect(() => {
    if (pathname === first.current) return
    for (const script of document.querySelectorAll('script[type="application/ld+json"]'))
      script.remove()
  }, [pathname])
}
