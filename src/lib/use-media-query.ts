import { useSyncExternalStore } from 'react'

/** Whether a CSS media query matches, kept current as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => matchMedia(query).matches,
  )
}

/** decisions §9: 1024 px and wider shows the full header bar; narrower, the hamburger. */
export const DESKTOP_QUERY = '(min-width: 1024px)'
/** Footer link lists become accordions below this width. */
export const TABLET_QUERY = '(min-width: 768px)'
