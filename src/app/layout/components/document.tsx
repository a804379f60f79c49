import { HeadContent, Scripts, useLocation } from '@tanstack/react-router'
import { useEffect, useRef, type ReactNode } from 'react'
import { HydratedProvider, useHydrated } from '../../../lib/hydrated.tsx'
import { THEME_SCRIPT } from '../../../lib/theme-script.ts'

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
          <ThemeScript />
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
 * The theme script runs once, from the server's HTML (or the offline shell's): the browser only
 * hydrates it (its text stays the server's, so the app does not carry it) and then drops it.
 */
function ThemeScript() {
  return useHydrated() ? null : (
    <script
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? THEME_SCRIPT : '' }}
    />
  )
}

/**
 * The structured data (JSON-LD) in the server's HTML describes the page it was sent for; the app
 * does not carry it (lib/route-head.ts), so it goes once the shopper moves to another page.
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
