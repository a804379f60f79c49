import {
  fetchCopy,
  mergeGuestCopy,
  refusedLines,
  sendChanges,
  type AccountCopy,
} from './account-state.api.ts'
import {
  changedEntryTimes,
  changesSince,
  entriesOf,
  hasChanges,
  refusedEntries,
  toldAfter,
  type Entries,
  type ShoppingCopy,
} from './device-copy.ts'
import { readRecord, writeRecord } from './sync-record.ts'

/** Makes one request with the session's token; it is given up when `signal` aborts. */
export type SyncRequest = <T>(
  call: (token: string, signal: AbortSignal) => Promise<T>,
) => Promise<T>

/** What an exchange brought back for the device's copy, if anything. */
export type Exchanged =
  /** The account's copy, to lay over the device's: what changed there since `told` stays on top. */
  | { copy: AccountCopy; told: Entries }
  /** The entries refused as lines of products no longer sold: they leave the device. */
  | { gone: ReadonlySet<string> }
  | undefined

/**
 * One exchange with the server, whichever the device needs (rules.md § Accounts on every device):
 * - the first for this account on this device (a sign-in) merges the device's guest copy in;
 * - else the device's changes since the copy it last agreed with the server are sent, each with
 *   the time it was made;
 * - else, when `ask`, the account's copy is asked for (nothing comes back when it is unchanged).
 */
export async function exchange(
  request: SyncRequest,
  accountId: number,
  device: ShoppingCopy,
  ask: boolean,
): Promise<Exchanged> {
  const record = readRecord()
  if (record?.accountId !== accountId) {
    const copy = await request((token, signal) => mergeGuestCopy(token, device, signal))
    return { copy, told: entriesOf(device) }
  }
  const changes = changesSince(record.agreed, device, record.times, Date.now())
  if (hasChanges(changes)) {
    // Each change keeps the time it is sent with: should its answer never arrive (the page
    // closed), the next send says the same, and a later change on another device still wins.
    const sentTimes = Object.fromEntries(changedEntryTimes(changes))
    writeRecord({ ...record, times: { ...record.times, ...sentTimes } })
    try {
      const copy = await request((token, signal) => sendChanges(token, changes, Date.now(), signal))
      return { copy, told: toldAfter(record.agreed, device, changes) }
    } catch (error) {
      const refused = refusedLines(error)
      if (!refused) throw error
      return { gone: refusedEntries(refused) }
    }
  }
  if (!ask) return undefined
  const copy = await request((token, signal) => fetchCopy(token, record.version, signal))
  return copy === 'unchanged' ? undefined : { copy, told: record.agreed }
}
