import { startTransition, useEffect, useRef, useState } from 'react'
import { afterPaintWhenIdle } from './after-paint.ts'

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
    let cancel = () => {}
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect()
          cancel = afterPaintWhenIdle(() => startTransition(() => setEnhance(true)))
        }
      },
      { rootMargin: '200px' },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      cancel()
    }
  }, [])
  return { ref, enhance }
}
