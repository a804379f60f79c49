import * as v from 'valibot'
import { parseStored, storedText } from '../../lib/storage-atom.ts'
import { storedAddressSchema } from '../address/address.atoms.ts'
import { cartSchema } from '../cart/cart.schemas.ts'
import { savedItemsSchema } from '../saved/saved.atoms.ts'
import { STORAGE_KEYS } from '../storage-keys.ts'
import type { ShoppingCopy } from './device-copy.ts'

/** Where the device keeps what it last agreed with the account's copy (ours; not a spec key). */
export const SYNC_RECORD_KEY = 'accountSync'

// Maps checked as a whole rather than with v.record, which the entry would carry for them
// (catalogue.schemas.ts says the same of a variant's options).
const mapOf =
  <T>(type: 'string' | 'number') =>
  (input: unknown): input is Record<string, T> =>
    input instanceof Object &&
    !Array.isArray(input) &&
    Object.values(input).every((value) => typeof value === type)

const recordSchema = v.object({
  /** The account the agreement is with: another one's (or none) means a sign-in to merge. */
  accountId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** The copy's version the device last saw (docs/api.md § Account state). */
  version: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** The copy's entries as last agreed: what the device changed since is what differs. */
  agreed: v.custom<Record<string, string>>(mapOf<string>('string')),
  /** When each entry changed on this device, for the changes not yet agreed. */
  times: v.custom<Record<string, number>>(mapOf<number>('number')),
})

export type SyncRecord = v.InferOutput<typeof recordSchema>

export function readRecord(): SyncRecord | undefined {
  const raw = storedText(SYNC_RECORD_KEY)
  return raw === null ? undefined : parseStored(recordSchema, raw)
}

export function writeRecord(record: SyncRecord): void {
  try {
    localStorage.setItem(SYNC_RECORD_KEY, JSON.stringify(record))
  } catch {
    // No storage: the next page view merges again, which loses nothing.
  }
}

export function forgetRecord(): void {
  try {
    localStorage.removeItem(SYNC_RECORD_KEY)
  } catch {
    // Nothing was kept.
  }
}

/**
 * The device's copy as storage holds it now, past this tab's store: another tab may have written
 * it a moment ago, before its storage event reached this one. `fallback` is this tab's (no storage).
 */
export function storedCopy(fallback: ShoppingCopy): ShoppingCopy {
  const read = <S extends v.GenericSchema>(key: string, schema: S, empty: v.InferOutput<S>) => {
    const raw = storedText(key)
    return raw === null ? empty : (parseStored(schema, raw) ?? empty)
  }
  if (!storageWorks()) return fallback
  return {
    cart: read(STORAGE_KEYS.cart, cartSchema, []),
    saved: read(STORAGE_KEYS.saved, savedItemsSchema, []),
    address: read(STORAGE_KEYS.address, storedAddressSchema, null),
  }
}

function storageWorks(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage !== null
  } catch {
    return false
  }
}
