import { useSyncExternalStore } from 'react'

/**
 * Whether a CSS media query matches, kept current as the window changes. The server knows no
 * window: it renders, and the browser hydrates, as if for a phone (`serverValue`); the browser then
 * renders again with the real answer. So what a query decides must look right at every width
 * before that (CSS decides the layout); the hook is for behaviour and enhancements.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => matchMedia(query).matches,
    () => serverValue,
  )
}

/** rules.md § Responsive layout: 1024 px and wider shows the full header bar; narrower, the hamburger. */
export const DESKTOP_QUERY = '(min-width: 1024px)'
/** Footer link lists become accordions below this width. */
export const TABLET_QUERY = '(min-width: 768px)'
