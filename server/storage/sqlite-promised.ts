/** An interface whose methods answer at once instead of with a promise. */
export type Synchronous<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : T[K]
}

/**
 * node:sqlite answers at once; the storage interface is asynchronous, as a database server's
 * must be. Each method's answer becomes a promise, and so does its failure: a statement that
 * throws (SQLITE_BUSY, a closed database) rejects, never throws at its caller, so a caller's
 * `.catch` hears it (an hourly prune's, in a timer).
 */
export function promised<T extends object>(sync: Synchronous<T>): T {
  return Object.fromEntries(
    Object.entries(sync).map(([name, method]) => [
      name,
      typeof method === 'function'
        ? (...args: unknown[]) =>
            new Promise((resolve) => resolve((method as (...a: unknown[]) => unknown)(...args)))
        : method,
    ]),
  ) as T
}

/** `work`'s answer as a promise, its throw as a rejection (see `promised`). */
export const now = <T>(work: () => T): Promise<T> => new Promise((resolve) => resolve(work()))

/** Listeners of a process's own commits (SQLite has one process: nobody else to tell). */
export function localListeners<L extends (...args: never[]) => void>() {
  const listeners = new Set<L>()
  return {
    add: (listener: L): (() => void) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    tell: (...args: Parameters<L>): void => {
      for (const listener of listeners) listener(...args)
    },
  }
}
