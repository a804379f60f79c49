/**
 * A value kept outside React (a module's own state, set by code that is not a component), which
 * components read with `useSyncExternalStore(signal.subscribe, signal.get, …)`: `set` tells every
 * subscriber of a change.
 */
export function createSignal<T>(initial: T) {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    get: () => value,
    set: (next: T) => {
      if (Object.is(next, value)) return
      value = next
      for (const listener of listeners) listener()
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}
