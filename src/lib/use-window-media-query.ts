import { useSyncExternalStore } from 'react'

/**
 * The window's own answer at once, for a part the server never renders (a panel opened by a tap):
 * it mounts in the browser, so there is no server HTML to match, and a tap replayed while the page
 * hydrates must not open a desktop panel as a phone's sheet.
 */
export function useWindowMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => matchMedia(query).matches,
    () => false,
  )
}
