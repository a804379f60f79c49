import { useEffect } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import type * as v from 'valibot'
import { parseStored } from './storage-atom.ts'

/**
 * A half-filled form kept in this tab's sessionStorage, so a reload (the shopper's, or the one that
 * applies a new version of the app) loses nothing typed. Only for fields that may be kept: never
 * card details. An unreadable draft is dropped.
 */
export function readDraft<S extends v.GenericSchema>(key: string, schema: S) {
  try {
    const raw = sessionStorage.getItem(key)
    const draft = raw === null ? undefined : parseStored(schema, raw)
    if (raw !== null && draft === undefined) sessionStorage.removeItem(key)
    return draft
  } catch {
    return undefined
  }
}

export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(key)
  } catch {
    // Storage refused: there is no draft to clear.
  }
}

/**
 * Saves the form's values under `key` as the shopper changes them (a value the app puts in, with
 * `reset`, is not a draft).
 */
export function useFormDraft<T extends FieldValues>(form: UseFormReturn<T>, key: string): void {
  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name === undefined) return
      try {
        sessionStorage.setItem(key, JSON.stringify(values))
      } catch {
        // Full or refused storage: the form still works, only the draft is not kept.
      }
    })
    return () => subscription.unsubscribe()
  }, [form, key])
}
