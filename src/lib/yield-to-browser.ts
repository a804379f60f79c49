/**
 * Ends the current task and resumes in a new one, so the browser can handle a tap or paint in
 * between: for start-up work that would otherwise run as one long task. `scheduler.yield()` resumes
 * ahead of other queued tasks where the browser has it (TypeScript's types assume every browser
 * does; Safari does not); elsewhere a timer stands in.
 */
export function yieldToBrowser(): Promise<void> {
  return 'scheduler' in globalThis && typeof scheduler.yield === 'function'
    ? scheduler.yield()
    : new Promise<void>((resolve) => setTimeout(resolve, 0))
}
