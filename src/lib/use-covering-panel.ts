import { useEffect, useEffectEvent } from 'react'

/**
 * While `active`, a panel covers the page: the page behind does not scroll (rules.md § State changes) and Escape
 * calls `onClose`. For the phone menu and the filter sheet (a modal is the browser's own dialog,
 * which does both itself: components/modal.tsx).
 */
export function useCoveringPanel(active: boolean, onClose: () => void) {
  const close = useEffectEvent(onClose)
  useEffect(() => {
    if (!active) return
    const root = document.documentElement
    root.classList.add('scroll-locked')
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      root.classList.remove('scroll-locked')
      document.removeEventListener('keydown', onKey)
    }
  }, [active])
}
