import type { Address } from '../../shared/address/address.schema.ts'
import {
  ADDRESS_KEY,
  lineKey,
  type AccountWrite,
  type CartValue,
  type LineRef,
  type StoredEntry,
  type StoredState,
} from './account-store.ts'

/**
 * The rules of the account's copy on the server (docs/api.md § Account state, decisions.md
 * § Sync, rules.md § Accounts on every device): a device's changes applied line by line, the last
 * one made winning, and a guest's copy merged into the account's at sign-in. Pure: the storage
 * runs them inside its transaction (server/storage/*-account-state.ts).
 */

/** At most this many live lines in an account's cart, and saved items (docs/api.md § Account state). */
export const MAX_CART_LINES = 100
export const MAX_SAVED_ITEMS = 200

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** A change as the server takes it: the entry it makes, `changedAt` on the server's clock. */
export type Change = DistributiveOmit<StoredEntry, 'addedAt'>

/** What a change or a merge answers besides the copy. */
export interface Refused {
  /** Why nothing was stored: the copy would be over a limit. */
  refused?: string
}

/**
 * When a change was made, on the server's clock: the device says when it made it and when it
 * sent it, by its own clock, so the time between the two is the device's whatever its clock says
 * (decisions.md § Sync). Never after `now`, nor before 0.
 */
export function changeTime(now: number, sentAt: number, changedAt: number): number {
  return Math.max(0, Math.round(now - Math.max(0, sentAt - changedAt)))
}

const idOf = (entry: { kind: string; key: string }) => `${entry.kind}\n${entry.key}`

/** A line's reference as stored: its variant's SKU only where it has one. */
export const refOf = ({ id, sku }: LineRef): LineRef => ({ id, ...(sku !== undefined && { sku }) })

/** The entries a copy holds once `writes` are in place of theirs. */
export function withWrites(
  entries: readonly StoredEntry[],
  writes: readonly StoredEntry[],
): StoredEntry[] {
  const byId = new Map(entries.map((entry) => [idOf(entry), entry]))
  for (const entry of writes) byId.set(idOf(entry), entry)
  return [...byId.values()]
}

/** Why a copy is over its limits, or undefined. */
export function overLimits(entries: readonly StoredEntry[]): string | undefined {
  const live = (kind: StoredEntry['kind']) =>
    entries.filter((entry) => entry.kind === kind && entry.value !== null).length
  if (live('cart') > MAX_CART_LINES)
    return `Invalid 'cart': at most ${MAX_CART_LINES} lines in the cart`
  if (live('saved') > MAX_SAVED_ITEMS)
    return `Invalid 'saved': at most ${MAX_SAVED_ITEMS} saved items`
  return undefined
}

/** A copy being changed: what it holds with the writes so far, and the writes. */
function editing(state: StoredState, now: number) {
  const stored = new Map(state.entries.map((entry) => [idOf(entry), entry]))
  const writes = new Map<string, StoredEntry>()
  let lastAdded = state.entries.reduce((last, entry) => Math.max(last, entry.addedAt), 0)
  let changed = false
  const get = (kind: StoredEntry['kind'], key: string) =>
    writes.get(idOf({ kind, key })) ?? stored.get(idOf({ kind, key }))
  return {
    get,
    /** The live value of an entry, or undefined (none, or removed). */
    live: <K extends StoredEntry['kind']>(kind: K, key: string) =>
      (get(kind, key)?.value ?? undefined) as
        Extract<StoredEntry, { kind: K }>['value'] | undefined,
    put(change: Change) {
      const before = get(change.kind, change.key)
      const wasLive = before !== undefined && before.value !== null
      // A line the copy did not have comes after every one it has, in the order they came.
      const addedAt =
        change.value !== null && !wasLive
          ? (lastAdded = Math.max(now, lastAdded + 1))
          : (before?.addedAt ?? 0)
      writes.set(idOf(change), { ...change, addedAt })
      if (JSON.stringify(before?.value ?? null) !== JSON.stringify(change.value)) changed = true
    },
    done<T extends Refused>(outcome: T): AccountWrite<T> {
      const entries = [...writes.values()]
      const refused = overLimits(withWrites(state.entries, entries))
      return refused
        ? { entries: [], changed: false, outcome: { ...outcome, refused } }
        : { entries, changed, outcome }
    },
  }
}

/**
 * A device's changes (decisions.md § Sync): each replaces the stored entry when it was made at or
 * after the stored one's time (a tie goes to the one that arrives later, this one); otherwise the
 * stored one stands. A removal is kept as a tombstone with its time, so an older add arriving later
 * loses to it. Nothing is stored when the copy would be over its limits.
 */
export function applyChanges(
  state: StoredState,
  changes: readonly Change[],
  now: number,
): AccountWrite<Refused> {
  const copy = editing(state, now)
  for (const change of changes) {
    const stored = copy.get(change.kind, change.key)
    if (stored && change.changedAt < stored.changedAt) continue
    copy.put(change)
  }
  return copy.done({})
}

/** A device's guest copy, as it signs in. */
export interface GuestCopy {
  cart: readonly CartValue[]
  saved: readonly LineRef[]
  address: Address | null
}

/** A guest's line left out of a merge: its product or variant is not in the catalogue. */
export interface Dropped extends LineRef {
  kind: 'cart' | 'saved'
}

/**
 * Signing in (rules.md § Accounts on every device): the guest's copy merged into the account's.
 * A line on both keeps the larger quantity, capped by the line's stock when its stock is above 0;
 * a guest-only line is added with the same cap; the account's other lines stay. Saved items are
 * united. The account's address stands unless it has none, then the guest's is taken. What is
 * written is made now. A line `stockOf` does not know (its product or variant gone) is dropped,
 * and named.
 */
export function mergeGuest(
  state: StoredState,
  guest: GuestCopy,
  stockOf: (line: LineRef) => number | undefined,
  now: number,
): AccountWrite<Refused & { dropped: Dropped[] }> {
  const copy = editing(state, now)
  const dropped: Dropped[] = []
  for (const line of guest.cart) {
    const stock = stockOf(line)
    if (stock === undefined) {
      dropped.push({ kind: 'cart', ...refOf(line) })
      continue
    }
    const key = lineKey(line)
    const current = copy.live('cart', key)?.quantity
    const larger = Math.max(current ?? 0, line.quantity)
    const quantity = stock > 0 ? Math.min(larger, stock) : larger
    if (quantity === current) continue
    copy.put({ kind: 'cart', key, value: { ...refOf(line), quantity }, changedAt: now })
  }
  for (const item of guest.saved) {
    if (stockOf(item) === undefined) {
      dropped.push({ kind: 'saved', ...refOf(item) })
      continue
    }
    const key = lineKey(item)
    if (copy.live('saved', key)) continue
    copy.put({ kind: 'saved', key, value: refOf(item), changedAt: now })
  }
  if (guest.address && !copy.live('address', ADDRESS_KEY))
    copy.put({ kind: 'address', key: ADDRESS_KEY, value: guest.address, changedAt: now })
  return copy.done<Refused & { dropped: Dropped[] }>({ dropped })
}
