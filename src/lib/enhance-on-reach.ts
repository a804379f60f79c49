import { startTransition, useState, type FocusEvent, type PointerEvent } from 'react'

/**
 * For an enhancement (a Swiper carousel) set up once the shopper reaches for the plain version it
 * replaces, not at load: a pointer coming over it, or the keyboard's focus coming into it. Not a
 * finger touching it: on a touch screen the plain version swipes by hand, and a tap that focuses a
 * button is no keyboard focus. Call `reach` for anything else that asks for it (a button pressed).
 * `reached` is what `at` said when reached (where the plain version was), undefined until then;
 * spread `reachProps` on the element around the plain version.
 */
export function useEnhanceOnReach<T>(at: () => T) {
  const [reached, setReached] = useState<{ at: T }>()
  const reach = () => {
    // A transition: React renders the enhancement in slices the browser can interrupt.
    if (!reached) startTransition(() => setReached({ at: at() }))
  }
  const reachProps = {
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType !== 'touch') reach()
    },
    onFocus: (event: FocusEvent) => {
      if (event.target.matches(':focus-visible')) reach()
    },
  }
  return { reached: reached?.at, isReached: reached !== undefined, reach, reachProps }
}

/**
 * Which of `parent`'s children holds the focus (undefined if none): read as the shopper reaches
 * for a plain version, so the enhancement can hand the focus to its own copy of that child.
 */
export function focusedChild(parent: Element | null | undefined): number | undefined {
  const index = [...(parent?.children ?? [])].findIndex((child) =>
    child.contains(document.activeElement),
  )
  return index < 0 ? undefined : index
}
