import { describe, expect, it } from 'vitest'
import { SHIPPING_ADDRESS } from '../../testing/shopper.ts'
import type { LineRef, StoredEntry, StoredState } from './account-store.ts'
import {
  applyChanges,
  changeTime,
  MAX_CART_LINES,
  mergeGuest,
  withWrites,
  type Change,
  type GuestCopy,
} from './sync-rules.ts'

const NOW = 1_800_000_000_000
const SECOND = 1000
const OTHER_ADDRESS = { ...SHIPPING_ADDRESS, firstName: 'Ravi', city: 'Pune' }

const cart = (id: number, quantity: number | null, changedAt: number, sku?: string): Change => ({
  kind: 'cart',
  key: sku ? `${id} ${sku}` : String(id),
  value: quantity === null ? null : { id, ...(sku && { sku }), quantity },
  changedAt,
})
const saved = (id: number, on: boolean, changedAt: number, sku?: string): Change => ({
  kind: 'saved',
  key: sku ? `${id} ${sku}` : String(id),
  value: on ? { id, ...(sku && { sku }) } : null,
  changedAt,
})
const address = (value: typeof SHIPPING_ADDRESS | null, changedAt: number): Change => ({
  kind: 'address',
  key: '',
  value,
  changedAt,
})

/** A stored copy holding these changes, each added when it was made. */
const stored = (...changes: Change[]): StoredState => ({
  version: 1,
  entries: changes.map((change) => ({ ...change, addedAt: change.changedAt })),
})

/** The copy after a write: its entries, and whether it changed. */
function after(state: StoredState, write: { entries: readonly StoredEntry[]; changed: boolean }) {
  return { entries: withWrites(state.entries, write.entries), changed: write.changed }
}

/** What the copy holds, by key: a cart line's quantity, true for a saved item, the address. */
function contents(entries: readonly StoredEntry[]) {
  const live = entries.filter((entry) => entry.value !== null)
  return {
    cart: Object.fromEntries(
      live.flatMap((e) => (e.kind === 'cart' && e.value ? [[e.key, e.value.quantity]] : [])),
    ),
    saved: live.flatMap((e) => (e.kind === 'saved' ? [e.key] : [])).sort(),
    address: live.find((e) => e.kind === 'address')?.value ?? null,
  }
}

const apply = (state: StoredState, changes: Change[], now = NOW) =>
  after(state, applyChanges(state, changes, now))

describe('a change’s time on the server’s clock (decisions.md § Sync)', () => {
  it('is the server’s now less the time the device held it, whatever the device’s clock says', () => {
    // Made 5 s before it was sent: 5 s before now, with the device's clock an hour behind or ahead.
    expect(changeTime(NOW, NOW - 3600 * SECOND, NOW - 3605 * SECOND)).toBe(NOW - 5 * SECOND)
    expect(changeTime(NOW, NOW + 3600 * SECOND, NOW + 3595 * SECOND)).toBe(NOW - 5 * SECOND)
  })

  it('is never after now (a change dated after its sending), nor before 0', () => {
    expect(changeTime(NOW, NOW - 10 * SECOND, NOW)).toBe(NOW)
    expect(changeTime(NOW, NOW, 0)).toBe(0)
    expect(changeTime(1000, NOW, 0)).toBe(0)
  })
})

describe('changes from devices (docs/api.md § Account state)', () => {
  it('keeps the changes of two devices to different lines', () => {
    const start = stored(cart(1, 1, NOW - 60 * SECOND), cart(2, 1, NOW - 60 * SECOND))
    // The phone raises line 1, the laptop removes line 2 and saves product 9, each unaware of the other.
    const phone = apply(start, [cart(1, 3, NOW - 20 * SECOND)])
    const both = apply(
      { version: 2, entries: phone.entries },
      [cart(2, null, NOW - 30 * SECOND), saved(9, true, NOW - 30 * SECOND)],
      NOW + SECOND,
    )
    expect(contents(both.entries)).toEqual({ cart: { 1: 3 }, saved: ['9'], address: null })
    expect(both.changed).toBe(true)
  })

  it('lets a change made earlier offline, arriving later, lose to the newer one stored', () => {
    // The laptop set 4 a minute ago; the phone, offline since, set 2 five minutes ago.
    const start = stored(cart(1, 4, NOW - 60 * SECOND))
    const late = apply(start, [cart(1, 2, NOW - 300 * SECOND)])
    expect(contents(late.entries).cart).toEqual({ 1: 4 })
    expect(late.changed).toBe(false)
    // And the newer one wins whichever comes first.
    const early = apply(stored(cart(1, 2, NOW - 300 * SECOND)), [cart(1, 4, NOW - 60 * SECOND)])
    expect(contents(early.entries).cart).toEqual({ 1: 4 })
  })

  it('keeps a removal as a tombstone, which an older add arriving later cannot undo', () => {
    const removed = apply(stored(cart(1, 2, NOW - 600 * SECOND)), [
      cart(1, null, NOW - 60 * SECOND),
    ])
    expect(contents(removed.entries).cart).toEqual({})
    expect(removed.entries).toContainEqual(
      expect.objectContaining({
        kind: 'cart',
        key: '1',
        value: null,
        changedAt: NOW - 60 * SECOND,
      }),
    )
    const stale = apply({ version: 2, entries: removed.entries }, [cart(1, 5, NOW - 120 * SECOND)])
    expect(contents(stale.entries).cart).toEqual({})
    // A removal of a line never stored is remembered too; an add made after it stands.
    const unstored = { version: 1, ...apply(stored(), [saved(9, false, NOW - 60 * SECOND)]) }
    expect(contents(apply(unstored, [saved(9, true, NOW - 90 * SECOND)]).entries).saved).toEqual([])
    expect(contents(apply(unstored, [saved(9, true, NOW - 30 * SECOND)]).entries).saved).toEqual([
      '9',
    ])
  })

  it('corrects a device’s clock: its change wins or loses by when it was made, not by its clock', () => {
    // Stored 10 s ago by the server's clock.
    const start = stored(cart(1, 4, NOW - 10 * SECOND))
    // A phone whose clock is an hour behind made its change 2 s ago: newer, it wins.
    const behind = apply(start, [cart(1, 7, changeTime(NOW, NOW - 3600e3, NOW - 3602e3))])
    expect(contents(behind.entries).cart).toEqual({ 1: 7 })
    // A laptop whose clock is an hour ahead made its change 30 s ago: older, it loses.
    const ahead = apply(start, [cart(1, 9, changeTime(NOW, NOW + 3600e3, NOW + 3570e3))])
    expect(contents(ahead.entries).cart).toEqual({ 1: 4 })
  })

  it('takes the later of two changes to one line, the later arrival on a tie', () => {
    const start = stored(cart(1, 1, NOW - 60 * SECOND))
    const first = apply(start, [cart(1, 2, NOW - 20 * SECOND)])
    const second = apply({ version: 2, entries: first.entries }, [cart(1, 3, NOW - 10 * SECOND)])
    expect(contents(second.entries).cart).toEqual({ 1: 3 })
    const tie = apply({ version: 3, entries: second.entries }, [cart(1, 5, NOW - 10 * SECOND)])
    expect(contents(tie.entries).cart).toEqual({ 1: 5 })
    const older = apply({ version: 4, entries: tie.entries }, [cart(1, 8, NOW - 15 * SECOND)])
    expect(contents(older.entries).cart).toEqual({ 1: 5 })
  })

  it('stores a later change of the same value, and says the copy did not change', () => {
    const start = stored(cart(1, 2, NOW - 60 * SECOND))
    const write = applyChanges(start, [cart(1, 2, NOW - 5 * SECOND)], NOW)
    expect(write.changed).toBe(false)
    expect(write.entries).toEqual([{ ...cart(1, 2, NOW - 5 * SECOND), addedAt: NOW - 60 * SECOND }])
  })

  it('lists lines in the order the copy first had them, a line added back after the rest', () => {
    const start = stored(cart(1, 1, NOW - 60 * SECOND), cart(2, 1, NOW - 50 * SECOND))
    const removed = apply(start, [cart(1, null, NOW - 40 * SECOND)])
    const back = after(
      { version: 2, entries: removed.entries },
      applyChanges(
        { version: 2, entries: removed.entries },
        [cart(3, 1, NOW - 30 * SECOND), cart(1, 1, NOW - 20 * SECOND)],
        NOW,
      ),
    )
    const order = back.entries
      .filter((entry) => entry.value !== null)
      .sort((a, b) => a.addedAt - b.addedAt)
      .map((entry) => entry.key)
    expect(order).toEqual(['2', '3', '1'])
  })

  it('sets and removes the address by the same rule', () => {
    const set = apply(stored(), [address(SHIPPING_ADDRESS, NOW - 60 * SECOND)])
    expect(contents(set.entries).address).toEqual(SHIPPING_ADDRESS)
    const older = apply({ version: 1, entries: set.entries }, [address(OTHER_ADDRESS, NOW - 90e3)])
    expect(contents(older.entries).address).toEqual(SHIPPING_ADDRESS)
    const cleared = apply({ version: 1, entries: set.entries }, [address(null, NOW - 30 * SECOND)])
    expect(contents(cleared.entries).address).toBeNull()
  })

  it('stores nothing when the cart would hold more than 100 lines', () => {
    const full = stored(
      ...Array.from({ length: MAX_CART_LINES }, (_, i) => cart(i + 1, 1, NOW - 60 * SECOND)),
    )
    const write = applyChanges(
      full,
      [cart(1, null, NOW), cart(500, 1, NOW), cart(501, 1, NOW)],
      NOW,
    )
    expect(write).toEqual({
      entries: [],
      changed: false,
      outcome: { refused: "Invalid 'cart': at most 100 lines in the cart" },
    })
    // One out, one in: still 100.
    expect(applyChanges(full, [cart(1, null, NOW), cart(500, 1, NOW)], NOW).outcome).toEqual({})
  })
})

describe('signing in: the guest’s copy merged into the account’s (rules.md § Accounts on every device)', () => {
  /** Stock by line key; a line it does not name is not in the catalogue. */
  const stockOf =
    (levels: Record<string, number>) =>
    ({ id, sku }: LineRef) =>
      levels[sku ? `${id} ${sku}` : String(id)]
  const guest = (copy: Partial<GuestCopy>): GuestCopy => ({
    cart: [],
    saved: [],
    address: null,
    ...copy,
  })
  const merge = (state: StoredState, copy: Partial<GuestCopy>, levels: Record<string, number>) => {
    const write = mergeGuest(state, guest(copy), stockOf(levels), NOW)
    return { ...after(state, write), write }
  }

  it('keeps the larger quantity of a line on both, capped by its stock when that is above 0', () => {
    const account = stored(
      cart(1, 2, NOW - 600e3),
      cart(2, 5, NOW - 600e3),
      cart(3, 4, NOW - 600e3),
      cart(4, 3, NOW - 600e3),
    )
    const merged = merge(
      account,
      {
        cart: [
          { id: 1, quantity: 3 },
          { id: 2, quantity: 1 },
          { id: 3, quantity: 9 },
          { id: 4, quantity: 6 },
        ],
      },
      { 1: 50, 2: 50, 3: 6, 4: 0 },
    )
    // 3 > 2; 5 > 1 stands; 9 capped at the 6 in stock; no stock: not capped.
    expect(contents(merged.entries).cart).toEqual({ 1: 3, 2: 5, 3: 6, 4: 6 })
    // What the merge wrote is made now; the line it kept is untouched.
    const written = Object.fromEntries(merged.write.entries.map((entry) => [entry.key, entry]))
    expect(Object.keys(written).sort()).toEqual(['1', '3', '4'])
    expect(written['1']).toMatchObject({ changedAt: NOW, addedAt: NOW - 600e3 })
  })

  it('adds a guest-only line with the same cap, and keeps the account’s other lines', () => {
    const merged = merge(
      stored(cart(1, 2, NOW - 600e3)),
      { cart: [{ id: 3, quantity: 8 }] },
      { 1: 50, 3: 6 },
    )
    expect(contents(merged.entries).cart).toEqual({ 1: 2, 3: 6 })
    expect(merged.write.changed).toBe(true)
  })

  it('keeps each variant its own line', () => {
    const merged = merge(
      stored(cart(6, 2, NOW - 600e3, 'SMA-SAM-006-128GB')),
      {
        cart: [
          { id: 6, sku: 'SMA-SAM-006-256GB', quantity: 1 },
          { id: 6, sku: 'SMA-SAM-006-128GB', quantity: 1 },
        ],
      },
      { '6 SMA-SAM-006-128GB': 60, '6 SMA-SAM-006-256GB': 28 },
    )
    expect(contents(merged.entries).cart).toEqual({
      '6 SMA-SAM-006-128GB': 2,
      '6 SMA-SAM-006-256GB': 1,
    })
  })

  it('unites the saved items, bringing back one the account had removed', () => {
    const merged = merge(
      stored(saved(9, true, NOW - 600e3), saved(10, false, NOW - 60e3)),
      { saved: [{ id: 9 }, { id: 10 }, { id: 6, sku: 'SMA-SAM-006-256GB' }] },
      { 9: 5, 10: 5, '6 SMA-SAM-006-256GB': 28 },
    )
    expect(contents(merged.entries).saved).toEqual(['10', '6 SMA-SAM-006-256GB', '9'])
    // One on both is the account's, untouched.
    expect(merged.write.entries.map((entry) => entry.key).sort()).toEqual([
      '10',
      '6 SMA-SAM-006-256GB',
    ])
  })

  it('keeps the account’s address, and takes the guest’s only when the account has none', () => {
    const withAddress = stored(address(SHIPPING_ADDRESS, NOW - 600e3))
    expect(contents(merge(withAddress, { address: OTHER_ADDRESS }, {}).entries).address).toEqual(
      SHIPPING_ADDRESS,
    )
    expect(contents(merge(stored(), { address: OTHER_ADDRESS }, {}).entries).address).toEqual(
      OTHER_ADDRESS,
    )
    // An address the account removed is none.
    const removed = stored(address(null, NOW - 60e3))
    expect(contents(merge(removed, { address: OTHER_ADDRESS }, {}).entries).address).toEqual(
      OTHER_ADDRESS,
    )
    // A guest without one changes nothing.
    expect(merge(withAddress, { address: null }, {}).write).toMatchObject({
      entries: [],
      changed: false,
    })
  })

  it('drops, and names, a guest’s line whose product or variant the catalogue no longer has', () => {
    const merged = merge(
      stored(cart(1, 1, NOW - 600e3)),
      {
        cart: [
          { id: 1, quantity: 2 },
          { id: 999, quantity: 1 },
          { id: 6, sku: 'SMA-SAM-006-1TB', quantity: 1 },
        ],
        saved: [{ id: 998 }, { id: 9 }],
      },
      { 1: 50, 9: 5, '6 SMA-SAM-006-128GB': 60 },
    )
    expect(contents(merged.entries)).toEqual({ cart: { 1: 2 }, saved: ['9'], address: null })
    expect(merged.write.outcome).toEqual({
      dropped: [
        { kind: 'cart', id: 999 },
        { kind: 'cart', id: 6, sku: 'SMA-SAM-006-1TB' },
        { kind: 'saved', id: 998 },
      ],
    })
  })

  it('stores nothing when the merged cart would hold more than 100 lines', () => {
    const account = stored(...Array.from({ length: 60 }, (_, i) => cart(i + 1, 1, NOW - 600e3)))
    const lines = Array.from({ length: 41 }, (_, i) => ({ id: 100 + i, quantity: 1 }))
    const levels = Object.fromEntries(
      [...account.entries.map((entry) => entry.key), ...lines.map((l) => String(l.id))].map(
        (key) => [key, 10],
      ),
    )
    const { write } = merge(account, { cart: lines }, levels)
    expect(write).toMatchObject({ entries: [], changed: false })
    expect(write.outcome.refused).toBe("Invalid 'cart': at most 100 lines in the cart")
  })
})
