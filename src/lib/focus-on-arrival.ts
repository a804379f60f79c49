import { useEffect, useRef, useState } from 'react'
import { useHydrated } from './hydrated.tsx'

/**
 * A ref whose element (a heading with tabIndex -1) takes the focus when its page opens from a
 * navigation within the app, so that the focus does not stay on what led there (the header's
 * Account button, under the account modal that closed) and a screen reader reads where it is. A
 * page the browser loaded whole, which the app hydrates, keeps the browser's own focus.
 */
export function useFocusOnArrival<T extends HTMLElement>() {
  const element = useRef<T>(null)
  // False in the first render of a hydrated page, true in one the app rendered after a navigation.
  const [navigated] = useState(useHydrated())
  useEffect(() => {
    const heading = element.current
    // What the page focused itself, inside the heading's section (a notice that says why), stays.
    if (navigated && !heading?.parentElement?.contains(document.activeElement)) heading?.focus()
  }, [navigated])
  return element
}
