import type { Address } from '../../shared/address/address.schema.ts'

/**
 * Where each account's copy of its cart, saved items and address is kept (server/storage: SQLite
 * or PostgreSQL), as the storage contract (testing/account-storage-contract.ts) has both dialects
 * keep it. The rules of what a change does are the API's (server/account/sync-rules.ts); these
 * are what the database must do atomically.
 */

/** A line of the cart or a saved item: a product and, for one sold in options, its variant. */
export interface LineRef {
  id: number
  sku?: string
}

/** A cart line as stored: what it is and how many; the rest comes from the catalogue. */
export interface CartValue extends LineRef {
  quantity: number
}

interface EntryOf<K extends string, V> {
  kind: K
  /** The line's key (`lineKey`), or '' for the address. */
  key: string
  /** What the entry holds, or null: removed (a tombstone, kept so an older add cannot undo it). */
  value: V | null
  /** When the change it holds was made, on the server's clock (decisions.md § Sync). */
  changedAt: number
  /** When the copy first had it (live), which orders the answer's lists; unique per user. */
  addedAt: number
}

/** One entry of an account's copy: a cart line, a saved item, or the address. */
export type StoredEntry =
  EntryOf<'cart', CartValue> | EntryOf<'saved', LineRef> | EntryOf<'address', Address>

export type EntryKind = StoredEntry['kind']

/** An account's copy: its entries (tombstones included), and its version. */
export interface StoredState {
  /** Grows by one with every write that changed something; 0 for an account with none yet. */
  version: number
  entries: StoredEntry[]
}

/** What a write stores: the entries to put in place of theirs, and what it answers. */
export interface AccountWrite<T> {
  entries: readonly StoredEntry[]
  /** Whether the copy's contents changed (the version grows), not only an entry's time. */
  changed: boolean
  outcome: T
}

export interface AccountStateStore {
  /** The user's copy as one moment has it. */
  read(userId: number): Promise<StoredState>
  /**
   * In one transaction, one at a time per user whatever runs at once on any replica: hands the
   * user's copy to `edit` (which must not wait on anything), stores the entries it answers, and
   * moves the version on when it says the copy changed. Answers the copy after, and `edit`'s
   * outcome. An `edit` that throws writes nothing.
   */
  write<T>(
    userId: number,
    edit: (state: StoredState) => AccountWrite<T>,
  ): Promise<{ state: StoredState; outcome: T }>
  /** Forgets the tombstones of changes made before `before` (TOMBSTONES_KEPT_MS). */
  prune(before: number): Promise<void>
}

/**
 * How long a removal is remembered (decisions.md § Sync): a device offline longer than this may
 * bring back a line removed elsewhere meanwhile.
 */
export const TOMBSTONES_KEPT_MS = 30 * 24 * 60 * 60_000

/** A line's key, as the device's `lineKey` makes it: the product, and its variant. */
export const lineKey = ({ id, sku }: LineRef) => (sku === undefined ? String(id) : `${id} ${sku}`)

/** The address's key: an account has one. */
export const ADDRESS_KEY = ''
