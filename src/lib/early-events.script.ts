import type { EarlyEvent, EarlyEvents } from './early-events.ts'

/**
 * Takes taps before the app has taken the page over (early-events.ts says what it takes and why):
 * an inline script in every server page's head (build/inline-script-plugin.ts), which leaves the
 * queue on `window.__early` for releaseEarlyEvents.
 */
const TAKEN = ['click', 'submit', 'change', 'focusout'] as const

/** A form of the app's own: natively it never navigates (`method="dialog"`). */
const isAppForm = (form: HTMLFormElement | null) => form?.getAttribute('method') === 'dialog'

function listen(): void {
  const queue: EarlyEvent[] = []
  // Its names on the window, one letter each (early-events.ts spells them: QUEUE, TAKEN,
  // REPLAYING, IS_HYDRATED): a script that imports only types writes them as they are.
  const early: EarlyEvents = {
    q: queue,
    n: 0,
    r: 0,
    p: 0,
    off: () => {
      for (const type of TAKEN) window.removeEventListener(type, onEvent, true)
    },
  }
  window.__early = early

  /** Keeps the event for the app and stops the browser acting on it alone. */
  function take(event: Event, control: Element, taken: EarlyEvent, keepRepeats = false) {
    // Once the app runs, a tap on a hydrated control with none waiting goes straight to it.
    if (early.p && queue.length === 0 && early.p(control)) return
    event.preventDefault()
    event.stopImmediatePropagation()
    // A second tap on a control already waiting is taken but not kept, unless two taps mean two.
    if (
      !keepRepeats &&
      control.hasAttribute('data-pending') &&
      !control.hasAttribute('data-repeat')
    )
      return
    queue.push(taken)
    if (taken.type === 'blur') return
    early.n++
    control.setAttribute('data-pending', '')
    control.setAttribute('aria-busy', 'true')
  }

  function onEvent(event: Event) {
    const target = event.target as Element | null
    if (early.r || !target?.closest) return
    if (event.type === 'click') {
      // A <details>' summary is a button too (the header's menus): the app opens them.
      const control = target.closest<HTMLButtonElement | HTMLInputElement>(
        'button,summary,input[type=checkbox],input[type=radio]',
      )
      if (!control || control.disabled) return
      // A submit button of a form that works without the app sends it, as without the app.
      if (control.type === 'submit' && control.form && !isAppForm(control.form)) return
      take(event, control, { type: 'click', el: control })
    } else if (event.type === 'submit') {
      const form = target as HTMLFormElement
      if (isAppForm(form)) take(event, form, { type: 'submit', el: form })
    } else if (event.type === 'change') {
      const select = target as HTMLSelectElement
      if (select.tagName === 'SELECT')
        take(event, select, { type: 'change', el: select, value: select.value }, true)
    } else {
      const field = target as HTMLInputElement
      if (field.form && /^(INPUT|SELECT|TEXTAREA)$/.test(field.tagName))
        take(event, field, { type: 'blur', el: field }, true)
    }
  }

  for (const type of TAKEN) window.addEventListener(type, onEvent, true)
}

if (!window.__early) listen()
