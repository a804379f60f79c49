import {
  fetchCopy,
  mergeGuestCopy,
  refusedLines,
  sendChanges,
  type AccountCopy,
} from './account-state.api.ts'
import { refusedEntries, type Entries, type ShoppingCopy } from './device-copy.ts'
import { planExchange } from './exchange-plan.ts'
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
 * One exchange with the server, whichever the device needs (exchange-plan.ts): this carries out
 * the plan's request against the agreement storage holds now.
 */
export async function exchange(
  request: SyncRequest,
  accountId: number,
  device: ShoppingCopy,
  ask: boolean,
): Promise<Exchanged> {
  const plan = planExchange({ record: readRecord(), device, accountId, ask, now: Date.now() })
  switch (plan.kind) {
    case 'merge': {
      const copy = await request((token, signal) => mergeGuestCopy(token, device, signal))
      return { copy, told: plan.told }
    }
    case 'send': {
      writeRecord(plan.record)
      try {
        const copy = await request((token, signal) =>
          sendChanges(token, plan.changes, Date.now(), signal),
        )
        return { copy, told: plan.told }
      } catch (error) {
        const refused = refusedLines(error)
        if (!refused) throw error
        return { gone: refusedEntries(refused) }
      }
    }
    case 'ask': {
      const copy = await request((token, signal) => fetchCopy(token, plan.version, signal))
      return copy === 'unchanged' ? undefined : { copy, told: plan.told }
    }
    case 'nothing':
      return undefined
  }
}
