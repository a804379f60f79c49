import { useHydrated } from '../lib/hydrated.tsx'

/**
 * How a control only the app can act on says so in the server's HTML, until the app has taken the
 * page over (a tap before then reaches no handler): `aria-disabled` rather than swallow the tap,
 * and a submit button `disabled`, so that Enter in a field does not send its form (and what was
 * typed, a password too) to the address bar. It dims only if the wait lasts (global.css), so a
 * fast load does not flicker. Nothing once the app runs.
 */
export function useAwaitingApp(type?: string, disabled?: boolean) {
  return useHydrated()
    ? undefined
    : ({
        'aria-disabled': true,
        disabled: type === 'submit' || disabled,
        'data-awaiting-app': '',
      } as const)
}
