import { useLayoutEffect } from 'react'
import { ToastContainer } from 'react-toastify'

/** A toast's countdown: its progress bar's animation, whose end closes it (react-toastify). */
const COUNTDOWN = 'Toastify__trackProgress'

/**
 * Stops an `animationend` that ends no countdown before the library hears it.
 *
 * Every countdown starts paused and is resumed once the toast's entrance ends. Chromium, resuming
 * it, can set its start time a few microseconds past the timeline's coarsened clock. The
 * countdown then reads −0.03 ms and goes from active back to before its start, and by CSS
 * Animations' event rules that fires `animationend` with elapsedTime 0. The library took that
 * for the end, and the toast closed as it opened (1 time in about 24 under load).
 *
 * A countdown that really ends has run for its whole duration. So an end at 0 is stopped before
 * React hears it, and the animation runs on and ends when due.
 */
function stopFalseCountdownEnd(event: AnimationEvent) {
  if (event.animationName === COUNTDOWN && event.elapsedTime === 0) event.stopPropagation()
}

/**
 * Where toasts appear (rules.md § Constants and formulas: top-right, at most 20 at once); `className` places it below the
 * header (the layout's stylesheet).
 */
export function ToastHost({ className }: { className?: string }) {
  // Before the first toast's frame: the window's capture phase runs before React's listeners.
  useLayoutEffect(() => {
    window.addEventListener('animationend', stopFalseCountdownEnd, true)
    return () => window.removeEventListener('animationend', stopFalseCountdownEnd, true)
  }, [])
  return <ToastContainer position="top-right" limit={20} newestOnTop className={className} />
}
