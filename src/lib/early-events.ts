/**
 * Taps before the app has taken the page over (decisions.md § Server rendering, taps before
 * takeover). The server's page paints a second or more before the app's code has run on a slow
 * phone; a tap on a control only the app can act on would reach nothing then. So a small inline
 * script in the page's head (early-events.script.ts, Google's "early event contract" in a few lines)
 * takes such taps as they come: it keeps each in a queue, shows the control pressed at once
 * (`data-pending`, `aria-busy`), and stops the browser acting on it alone. Once the app has
 * hydrated, `releaseEarlyEvents` gives them to it, in order, each once.
 *
 * What it takes: clicks on buttons and a `<details>`' summary (the header's menus, which open by
 * themselves without JavaScript; the keyboard's Enter and Space on a button are clicks too), on
 * checkboxes and radio buttons (their state is the app's); a form of the app submitted (Enter in a
 * field); a select's change; a form field left (for its message). What it leaves: links, a form
 * that works without the app (the header's search, the search page), and anything else. The app's
 * forms say they are its own with `method="dialog"`: natively such a form never navigates, so
 * what was typed (a password) never goes into an address, with JavaScript off too.
 *
 * A second tap on a control already waiting is taken but not kept, unless the control says two
 * taps mean two (`data-repeat`: Add to Cart adds one each time).
 */
/** One tap, key or change the early script took. */
export type EarlyEvent =
  | { type: 'click'; el: HTMLElement }
  | { type: 'submit'; el: HTMLFormElement }
  | { type: 'change'; el: HTMLSelectElement; value: string }
  | { type: 'blur'; el: HTMLElement }

/*
 * The names of what the early script leaves on the window: one letter each, as the script's text
 * is in every page's head. Spelled here only; the app's code reads them as these words.
 */
/** The events taken, in the order they came. */
export const QUEUE = 'q'
/** How many taps, keys and changes were taken (fields left are not counted). */
export const TAKEN = 'n'
/** Set while the app replays one: the script lets it through. */
export const REPLAYING = 'r'
/** Set once the app runs: whether a control is hydrated, so that its taps go straight to it. */
export const IS_HYDRATED = 'p'

/** What the early script leaves on the window for the app. */
export interface EarlyEvents {
  [QUEUE]: EarlyEvent[]
  [TAKEN]: number
  [REPLAYING]: number
  [IS_HYDRATED]: ((element: Element) => boolean) | 0
  /** Stops taking events. */
  off(): void
}

declare global {
  interface Window {
    __early?: EarlyEvents
  }
}

/** What the early script takes events on (early-events.script.ts). */
const CONTROLS = 'button, summary, input, select, textarea, form'

/**
 * Whether React has hydrated this element: it then holds its fiber, under a key React has named
 * `__reactFiber$…` since React 17 (the one piece of React's internals read here; the e2e tests
 * of early taps fail if it changes). A control inside a part of the page React has not hydrated
 * yet has none, and React 19 drops a tap on it rather than keep it.
 */
export function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'))
}

export interface ReleaseOptions {
  win?: Window
  hydrated?: (element: Element) => boolean
  /** After this long, what is left is replayed (or dropped) whether hydrated or not. */
  deadlineMs?: number
}

/**
 * Hands the events taken before takeover to the app, once it has hydrated the page: each once, in
 * the order they came, to its control if the page still has it, as soon as that control is
 * hydrated. React hydrates the document first and the route's parts a moment later (each Suspense
 * boundary on its own): until every control the page had is hydrated, the early script goes on
 * taking taps, which join the queue. A form is sent once, however often it was asked. Resolves
 * with how many taps, keys and changes there were (field data counts them).
 */
export function releaseEarlyEvents({
  win = window,
  hydrated = isHydrated,
  deadlineMs = 10_000,
}: ReleaseOptions = {}): Promise<number> {
  const early = win.__early
  if (!early) return Promise.resolve(0)
  // From now on a tap on a hydrated control, with none waiting before it, goes straight to it.
  early[IS_HYDRATED] = hydrated
  const controls = [...win.document.querySelectorAll(CONTROLS)]
  const deadline = performance.now() + deadlineMs
  const submitted = new Set<HTMLFormElement>()
  const once = (form: HTMLFormElement | null) => {
    if (!form || submitted.has(form)) return false
    submitted.add(form)
    return true
  }
  const replay = (event: EarlyEvent) => {
    const { el } = event
    el.removeAttribute('data-pending')
    el.removeAttribute('aria-busy')
    if (!el.isConnected) return
    early[REPLAYING] = 1
    try {
      switch (event.type) {
        case 'click':
          // A submit button's click sends its form: once, as a form asked twice is.
          if (el instanceof HTMLButtonElement && el.type === 'submit' && !once(el.form)) break
          el.click()
          break
        case 'submit':
          if (once(event.el)) event.el.requestSubmit()
          break
        case 'change':
          // The shopper's choice, even if hydration put the server's back.
          event.el.value = event.value
          event.el.dispatchEvent(new Event('change', { bubbles: true }))
          break
        case 'blur':
          // A field left, unless the shopper is back in it.
          if (el.ownerDocument.activeElement !== el)
            el.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
          break
      }
    } finally {
      early[REPLAYING] = 0
    }
  }
  // A control React has just hydrated has its handlers, but its component's effects may not have
  // run yet: a form library subscribes to its own state there, and a field left before that shows
  // no message. So a control takes its events from the step after the one that found it hydrated.
  const seenHydrated = new WeakSet<Element>()
  const ready = (el: Element) => {
    if (!hydrated(el)) return false
    if (seenHydrated.has(el)) return true
    seenHydrated.add(el)
    return false
  }
  return new Promise((resolve) => {
    const step = () => {
      const late = performance.now() > deadline
      for (let next = early[QUEUE][0]; next; next = early[QUEUE][0]) {
        if (next.el.isConnected && !late && !ready(next.el)) break
        early[QUEUE].shift()
        replay(next)
      }
      const settled =
        early[QUEUE].length === 0 &&
        (late || controls.every((el) => !el.isConnected || hydrated(el)))
      if (!settled) {
        setTimeout(step, 16)
        return
      }
      early.off()
      win.__early = undefined
      resolve(early[TAKEN])
    }
    step()
  })
}
