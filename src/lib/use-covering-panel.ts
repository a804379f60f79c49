import { useEffectEvent, useLayoutEffect } from 'react'

/**
 * While `active`, a panel covers the page: the page behind does not scroll (rules.md § State changes) and Escape
 * calls `onClose`. For the phone menu and the filter sheet (a modal is the browser's own dialog,
 * which does both itself: components/modal.tsx). A layout effect: the page is locked in the frame
 * the panel first shows in, not one frame later (a panel whose code loaded on demand appears
 * outside any event, and a passive effect waits for the browser's next turn after its paint).
 */
export function useCoveringPanel(active: boolean, onClose: () => void) {
  const close = useEffectEvent(onClose)
  useLayoutEffect(() => {
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
