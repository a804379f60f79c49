/**
 * How many taps, keys and changes this page took before the app had taken it over
 * (lib/early-events.ts), for its field data: noted as the app takes over (a few bytes in the
 * entry), sent with the page's web vitals once they load (field-data.ts), once.
 */
let early: number | undefined

export function noteEarlyInteractions(count: number): void {
  early = count
}

/** The count, the first time it is asked for; undefined after (or before the app took over). */
export function takeEarlyInteractions(): number | undefined {
  const count = early
  early = undefined
  return count
}
