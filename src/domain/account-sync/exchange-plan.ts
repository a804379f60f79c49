import {
  changedEntryTimes,
  changesSince,
  entriesOf,
  hasChanges,
  toldAfter,
  type CopyChanges,
  type Entries,
  type ShoppingCopy,
} from './device-copy.ts'
import type { SyncRecord } from './sync-record.ts'

/**
 * The exchange the device needs next. Each request's plan names what the server will have been
 * told once it answers (`told`): the device's later changes stay over the answer (reconcile.ts).
 */
export type ExchangePlan =
  /** No agreement with this account on this device (a sign-in): the guest copy is merged in. */
  | { kind: 'merge'; told: Entries }
  /**
   * The device's changes since it last agreed, each with the time it was made. `record` is the
   * agreement to keep while they are on their way, with those times in it.
   */
  | { kind: 'send'; changes: CopyChanges; record: SyncRecord; told: Entries }
  /** Nothing to send: the account's copy, if it moved past `version`. */
  | { kind: 'ask'; version: number; told: Entries }
  | { kind: 'nothing' }

/**
 * Which exchange comes next (rules.md § Accounts on every device): a merge the first time for this
 * account on this device, else the device's changes, else, when `ask`, a question for the
 * account's copy. `now` is the time of a change whose own time was not seen.
 */
export function planExchange({
  record,
  device,
  accountId,
  ask,
  now,
}: {
  record: SyncRecord | undefined
  device: ShoppingCopy
  accountId: number
  ask: boolean
  now: number
}): ExchangePlan {
  if (record?.accountId !== accountId) return { kind: 'merge', told: entriesOf(device) }
  const changes = changesSince(record.agreed, device, record.times, now)
  if (hasChanges(changes)) {
    // Each change keeps the time it is sent with: should its answer never arrive (the page
    // closed), the next send says the same, and a later change on another device still wins.
    const sentTimes = Object.fromEntries(changedEntryTimes(changes))
    return {
      kind: 'send',
      changes,
      record: { ...record, times: { ...record.times, ...sentTimes } },
      told: toldAfter(record.agreed, device, changes),
    }
  }
  if (!ask) return { kind: 'nothing' }
  return { kind: 'ask', version: record.version, told: record.agreed }
}
