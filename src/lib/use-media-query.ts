import { useSyncExternalStore } from 'react'
import { useHydrated } from './hydrated.tsx'

/**
 * Whether a CSS media query matches, kept current as the window changes. The server knows no
 * window: it renders, and the browser hydrates, as if for a phone (`serverValue`); the browser then
 * renders again with the real answer. So what a query decides must look right at every width
 * before that (CSS decides the layout); the hook is for behaviour and enhancements.
 *
 * The window's answer comes with the flag that says the app has taken over (lib/hydrated.tsx), in
 * its transition: a store whose server value differs would re-render at once, synchronously (the
 * footer with all its links, on every phone).
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const hydrated = useHydrated()
  return useSyncExternalStore(
    (onChange) => {
      const list = matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    hydrated ? () => matchMedia(query).matches : () => serverValue,
    () => serverValue,
  )
}

/** rules.md § Responsive layout: 1024 px and wider shows the full header bar; narrower, the hamburger. */
export const DESKTOP_QUERY = '(min-width: 1024px)'
/** Footer link lists become accordions below this width. */
export const TABLET_QUERY = '(min-width: 768px)'
