import { atom, type SetStateAction } from 'jotai'
import { atomWithLazy, RESET, type atomWithStorage } from 'jotai/utils'
import * as v from 'valibot'

type SyncStorage<T> = NonNullable<Parameters<typeof atomWithStorage<T>>[2]>

// localStorage can be missing or throw (privacy modes, quota): the app then keeps state in memory.
function safely<T>(action: () => T, fallback: T): T {
  try {
    return action()
  } catch {
    return fallback
  }
}

/** The text stored under `key`, or null (none, or no localStorage to read). */
export const storedText = (key: string): string | null =>
  safely(() => localStorage.getItem(key), null)

/** Parses a stored JSON text against the schema; undefined for anything unreadable or invalid. */
export function parseStored<S extends v.GenericSchema>(
  schema: S,
  raw: string,
): v.InferOutput<S> | undefined {
  const json = safely<unknown>(() => JSON.parse(raw), undefined)
  const result = v.safeParse(schema, json)
  return result.success ? result.output : undefined
}

function validatedStorage<S extends v.GenericSchema>(schema: S): SyncStorage<v.InferOutput<S>> {
  const read = (key: string, initialValue: v.InferOutput<S>) => {
    const raw = storedText(key)
    if (raw === null) return initialValue
    const value = parseStored(schema, raw)
    if (value !== undefined) return value
    // A corrupted value is reset, never fatal (decisions.md § Stack): the next write starts clean.
    safely(() => localStorage.removeItem(key), undefined)
    return initialValue
  }
  return {
    getItem: read,
    setItem: (key, value) =>
      safely(() => localStorage.setItem(key, JSON.stringify(value)), undefined),
    removeItem: (key) => safely(() => localStorage.removeItem(key), undefined),
    // Other tabs' writes arrive as storage events: the same validation applies to them.
    subscribe: (key, callback, initialValue) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== key || event.storageArea !== safely(() => localStorage, null)) return
        callback(
          event.newValue === null
            ? initialValue
            : (parseStored(schema, event.newValue) ?? initialValue),
        )
      }
      window.addEventListener('storage', onStorage)
      return () => window.removeEventListener('storage', onStorage)
    },
  }
}

/**
 * A Jotai atom persisted in localStorage under `key`, validated on every read: a missing, malformed
 * or out-of-schema value yields `initialValue` (and is removed), and changes in other tabs sync in.
 *
 * Unlike jotai's `atomWithStorage(…, { getOnInit: true })`, which reads storage once when the
 * module loads, the stored value is read when a store first needs it, so route guards reading the
 * store, and every fresh store in tests, see what storage holds then. Writing RESET removes the key.
 */
export function atomWithValidatedStorage<S extends v.GenericSchema>(
  key: string,
  schema: S,
  initialValue: v.InferOutput<S>,
) {
  type Value = v.InferOutput<S>
  const storage = validatedStorage(schema)
  const baseAtom = atomWithLazy<Value>(() => storage.getItem(key, initialValue))
  baseAtom.onMount = (set) => {
    set(storage.getItem(key, initialValue))
    return storage.subscribe?.(key, set, initialValue)
  }
  return atom(
    (get) => get(baseAtom),
    (get, set, update: SetStateAction<Value> | typeof RESET) => {
      if (update === RESET) {
        set(baseAtom, initialValue)
        storage.removeItem(key)
        return
      }
      const next: Value =
        typeof update === 'function'
          ? (update as (previous: Value) => Value)(get(baseAtom))
          : update
      set(baseAtom, next)
      storage.setItem(key, next)
    },
  )
}
