import type { AccountCopy } from './account-state.api.ts'
import {
  changedEntries,
  entriesOf,
  overlay,
  type Entries,
  type ShoppingCopy,
} from './device-copy.ts'
import type { SyncRecord } from './sync-record.ts'

/** What the device does with an answer of the server's. */
export interface Reconciled {
  /** The device's copy from now on: the account's, with the device's later changes on top. */
  next: ShoppingCopy
  /** Whether `next` differs from the device's copy now: only then are the atoms written. */
  changed: boolean
  /** What the device now agrees with the account's copy (sync-record.ts). */
  record: SyncRecord
  /** Whether `next` holds changes the server has not taken yet: a send follows. */
  unsent: boolean
  /** Whether the server left out lines of products no longer sold: the shopper is told. */
  dropped: boolean
}

/**
 * The account's copy laid over the device's (rules.md § Accounts on every device): each entry
 * takes the server's value, unless the device changed it after what the server was told (`told`);
 * such a change stays, keeps the time it was made, and is sent next. Undefined when the answer is
 * older than the version this device already has (another tab applied a newer one): it changes
 * nothing. Pure: the caller writes the store and the record, and tells the shopper.
 */
export function reconcile({
  account,
  device,
  told,
  record,
  accountId,
}: {
  account: AccountCopy
  device: ShoppingCopy
  told: Entries
  record: SyncRecord | undefined
  accountId: number
}): Reconciled | undefined {
  if (record?.accountId === accountId && record.version > account.version) return undefined
  const next = overlay(account, device, told)
  const nextEntries = entriesOf(next)
  const agreed = entriesOf(account)
  const unsent = changedEntries(agreed, nextEntries)
  // A change still unsent keeps the time it was made, so a later change elsewhere still wins.
  const times = Object.fromEntries(
    unsent.flatMap((name) => {
      const at = record?.times[name]
      return at === undefined ? [] : [[name, at]]
    }),
  )
  return {
    next,
    changed: changedEntries(entriesOf(device), nextEntries).length > 0,
    record: { accountId, version: account.version, agreed, times },
    unsent: unsent.length > 0,
    dropped: (account.dropped?.length ?? 0) > 0,
  }
}
