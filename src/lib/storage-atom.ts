import { atomWithStorage } from 'jotai/utils'
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
    const raw = safely(() => localStorage.getItem(key), null)
    if (raw === null) return initialValue
    const value = parseStored(schema, raw)
    if (value !== undefined) return value
    // A corrupted value is reset, never fatal (decisions §1): the next write starts clean.
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
 */
export function atomWithValidatedStorage<S extends v.GenericSchema>(
  key: string,
  schema: S,
  initialValue: v.InferOutput<S>,
) {
  return atomWithStorage(key, initialValue, validatedStorage(schema), { getOnInit: true })
}
