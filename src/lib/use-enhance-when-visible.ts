import { startTransition, useEffect, useRef, useState } from 'react'

/**
 * True once the element is near the screen, the frame that first showed it has been painted, and
 * the browser is idle: for enhancements (carousels) whose plain version serves until then, so
 * neither their code nor their set-up competes with the first screen.
 */
export function useEnhanceWhenVisible<T extends Element>() {
  const ref = useRef<T>(null)
  const [enhance, setEnhance] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver !== 'function') {
      setEnhance(true)
      return
    }
    // Safari has no requestIdleCallback: a short timeout stands in for it there.
    const idle = (callback: () => void) =>
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(callback, { timeout: 2000 })
        : setTimeout(callback, 200)
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect()
          // The next frame's start: the one that showed the element is on screen by then.
          requestAnimationFrame(() =>
            setTimeout(() =>
              // A transition: React renders the enhancement in slices the browser can interrupt.
              idle(() => startTransition(() => setEnhance(true))),
            ),
          )
        }
      },
      { rootMargin: '200px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { ref, enhance }
}
