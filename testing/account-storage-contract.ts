import { describe, expect, it } from 'vitest'
import type { AccountWrite, StoredEntry, StoredState } from '../server/account/account-store.ts'
import { SHIPPING_ADDRESS } from './shopper.ts'
import { openedForEachTest, type StorageHarness } from './storage-contract.ts'

const T = 1_800_000_000_000

const line = (id: number, quantity: number, at = T, sku?: string): StoredEntry => ({
  kind: 'cart',
  key: sku ? `${id} ${sku}` : String(id),
  value: { id, ...(sku && { sku }), quantity },
  changedAt: at,
  addedAt: at,
})

/** A write that stores `entries` and says whether the copy changed. */
const storing =
  (entries: StoredEntry[], changed = true) =>
  (state: StoredState): AccountWrite<StoredState> => ({ entries, changed, outcome: state })

const byKey = (state: StoredState) =>
  Object.fromEntries(state.entries.map((entry) => [`${entry.kind}:${entry.key}`, entry]))

/**
 * What the API needs of its storage for the accounts' copies (docs/api.md § Account state), run
 * unchanged against each implementation (sqlite.test.ts, postgres.test.ts): entries stored whole
 * with their times, a version per user that moves only when the copy changed, a write that sees
 * the copy the one before it committed (across processes too, so no change is lost), nothing
 * written by a write that fails, and old removals pruned.
 */
export function describeAccountStorageContract(name: string, harness: StorageHarness) {
  describe(`the account storage contract: ${name}`, () => {
    const open = openedForEachTest()

    it('answers version 0 and nothing for a user with no copy', async () => {
      const storage = await open(await harness.fresh())
      expect(await storage.accountState.read(7)).toEqual({ version: 0, entries: [] })
    })

    it('stores entries whole, tombstones too, for their user alone, and keeps them across a reopen', async () => {
      const location = await harness.fresh()
      const storage = await location()
      const entries: StoredEntry[] = [
        line(1, 2),
        line(6, 1, T + 1, 'SMA-SAM-006-256GB'),
        { kind: 'saved', key: '9', value: { id: 9 }, changedAt: T + 2, addedAt: T + 2 },
        { kind: 'saved', key: '10', value: null, changedAt: T + 3, addedAt: 0 },
        { kind: 'address', key: '', value: SHIPPING_ADDRESS, changedAt: T + 4, addedAt: T + 4 },
      ]
      const { state, outcome } = await storage.accountState.write(7, storing(entries))
      expect(outcome).toEqual({ version: 0, entries: [] })
      expect(state.version).toBe(1)
      expect(byKey(state)).toEqual(byKey({ version: 1, entries }))
      expect(await storage.accountState.read(8)).toEqual({ version: 0, entries: [] })
      await storage.close()

      const reopened = await open(location)
      const read = await reopened.accountState.read(7)
      expect(read.version).toBe(1)
      expect(byKey(read)).toEqual(byKey(state))
    })

    it('puts an entry in place of its key’s, and moves the version only when the copy changed', async () => {
      const storage = await open(await harness.fresh())
      await storage.accountState.write(7, storing([line(1, 2), line(2, 1)]))
      // The same line with a later time only: stored, the version stays.
      const touched = await storage.accountState.write(7, storing([line(1, 2, T + 5)], false))
      expect(touched.state.version).toBe(1)
      expect(byKey(touched.state)['cart:1']?.changedAt).toBe(T + 5)
      // A removal: a tombstone in its place, the other line untouched.
      const removed = await storage.accountState.write(
        7,
        storing([{ ...line(1, 2, T + 6), value: null }]),
      )
      expect(removed.state.version).toBe(2)
      expect(byKey(removed.state)).toEqual({
        'cart:1': { ...line(1, 2, T + 6), value: null },
        'cart:2': line(2, 1),
      })
      // A write that stores nothing changes nothing.
      expect((await storage.accountState.write(7, storing([], false))).state).toEqual(removed.state)
    })

    it('writes nothing when the edit throws', async () => {
      const storage = await open(await harness.fresh())
      await storage.accountState.write(7, storing([line(1, 2)]))
      await expect(
        storage.accountState.write(7, () => {
          throw new Error('refused')
        }),
      ).rejects.toThrow('refused')
      const read = await storage.accountState.read(7)
      expect(read.version).toBe(1)
      expect(read.entries).toEqual([line(1, 2)])
    })

    it('loses no change when two processes write one user’s copy at once', async () => {
      const location = await harness.fresh()
      const [a, b] = [await open(location), await open(location)]
      // Each write adds a line numbered by how many the copy had when it read it: were two to
      // read the same copy, two lines would share a number and one write's line would be lost.
      const writes = Array.from({ length: 24 }, (_, i) =>
        (i % 2 ? a : b).accountState.write(7, (state) => {
          const n = state.entries.length + 1
          return { entries: [line(n, n, T + i)], changed: true, outcome: n }
        }),
      )
      const outcomes = (await Promise.all(writes)).map((write) => write.outcome)
      expect(outcomes.sort((x, y) => x - y)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1))
      const read = await a.accountState.read(7)
      expect(read.version).toBe(24)
      expect(read.entries).toHaveLength(24)
      // Another user's writes meanwhile are theirs alone.
      await b.accountState.write(8, storing([line(1, 1)]))
      expect((await a.accountState.read(8)).entries).toEqual([line(1, 1)])
      expect((await b.accountState.read(7)).version).toBe(24)
    })

    it('prunes the removals made before a time, and nothing else', async () => {
      const storage = await open(await harness.fresh())
      const old = { ...line(1, 1, T), value: null }
      const recent = { ...line(2, 1, T + 10), value: null }
      await storage.accountState.write(7, storing([old, recent, line(3, 1, T)]))
      await storage.accountState.write(8, storing([{ ...line(4, 1, T), value: null }]))
      await storage.accountState.prune(T + 10)
      const read = await storage.accountState.read(7)
      expect(byKey(read)).toEqual({ 'cart:2': recent, 'cart:3': line(3, 1, T) })
      expect(read.version).toBe(1)
      expect((await storage.accountState.read(8)).entries).toEqual([])
    })
  })
}
