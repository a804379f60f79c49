import { startTransition, useEffect, useState } from 'react'

/**
 * Calls back once the frame being drawn has been painted (at the next frame's start) and the
 * browser is idle: for work the first screen does not need. Returns a cancel function.
 */
export function afterPaintWhenIdle(callback: () => void): () => void {
  let cancelled = false
  const run = () => {
    if (!cancelled) callback()
  }
  // Safari has no requestIdleCallback and jsdom no requestAnimationFrame: timers stand in.
  // Cancelled, it asks nothing more of the page, which may be gone by then (a test's ended).
  const idle = () => {
    if (cancelled) return
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(run, { timeout: 2000 })
    else setTimeout(run, 200)
  }
  if (typeof window.requestAnimationFrame === 'function')
    window.requestAnimationFrame(() => setTimeout(idle))
  else setTimeout(idle)
  return () => {
    cancelled = true
  }
}

/** True once the page has painted and the browser is idle (see afterPaintWhenIdle). */
export function useIdleAfterPaint(): boolean {
  const [ready, setReady] = useState(false)
  // A transition: React renders what the change shows in slices the browser can interrupt.
  useEffect(() => afterPaintWhenIdle(() => startTransition(() => setReady(true))), [])
  return ready
}
