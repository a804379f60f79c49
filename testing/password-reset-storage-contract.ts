import { describe, expect, it } from 'vitest'
import type { ResetRequest } from '../server/auth/password-resets.ts'
import { createAccounts } from '../server/users/accounts.ts'
import { seedUsers } from '../server/users/seed-users.ts'
import { openedForEachTest, type StorageHarness } from './storage-contract.ts'
import { TEST_SCRYPT } from './test-api.ts'

const T0 = 1_800_000_000_000
const MINUTES_30 = 30 * 60_000
const HOUR = 60 * 60_000

/** A request for a link, its token `tokenHash`, for the demo shopper (id 1) unless it says. */
const request = (tokenHash: string, overrides: Partial<ResetRequest> = {}): ResetRequest => ({
  accountKey: 'key-of-emily',
  userId: 1,
  tokenHash,
  at: T0,
  expiresAt: T0 + MINUTES_30,
  since: T0 - HOUR,
  limit: 5,
  mail: { id: `reset-${tokenHash}`, to: 'emily@example.com', subject: 'Reset', sealed: 'v1.xyz' },
  ...overrides,
})

/**
 * What the API needs of its storage for password reset links (server/auth/password-resets.ts),
 * run unchanged against SQLite and PostgreSQL (sqlite.test.ts, postgres.test.ts): requests
 * counted per account and recorded with their mail in one step, a token spent once with the
 * password it sets, the account's other tokens ended, across two processes on one database too.
 */
export function describeResetStorageContract(name: string, harness: StorageHarness) {
  describe(`the password reset storage contract: ${name}`, () => {
    const open = openedForEachTest()
    const seeded = async () => {
      const location = await harness.fresh()
      const storage = await open(location)
      await seedUsers(storage.users, createAccounts(storage.users, TEST_SCRYPT))
      return { storage, location }
    }

    it('records a request with its mail, and one for an address no account has without any', async () => {
      const { storage } = await seeded()
      expect(await storage.passwordResets.request(request('a'))).toBe(true)
      expect(
        await storage.passwordResets.request(
          request('b', { userId: null, accountKey: 'key-of-nobody' }),
        ),
      ).toBe(false)
      const mails = await storage.outbox.claim(T0, 60_000, 10)
      expect(mails).toEqual([
        { id: 'reset-a', to: 'emily@example.com', subject: 'Reset', sealed: 'v1.xyz', attempts: 1 },
      ])
      expect(await storage.passwordResets.status('a', T0)).toBe('valid')
      // A request for nobody's address is counted, and names no account: no link works.
      expect(await storage.passwordResets.status('b', T0)).toBe('invalid')
    })

    it('counts an account key’s requests in the window: past the limit, nothing is recorded or queued', async () => {
      const { storage } = await seeded()
      for (const hash of ['a', 'b']) {
        expect(await storage.passwordResets.request(request(hash, { limit: 2 }))).toBe(true)
      }
      expect(await storage.passwordResets.request(request('c', { limit: 2 }))).toBe(false)
      expect(await storage.passwordResets.status('c', T0)).toBe('invalid')
      expect(await storage.outbox.pending()).toBe(2)
      // Another key has its own count; the window moves on.
      expect(
        await storage.passwordResets.request(request('d', { limit: 2, accountKey: 'other' })),
      ).toBe(true)
      expect(
        await storage.passwordResets.request(request('e', { limit: 2, at: T0 + HOUR, since: T0 })),
      ).toBe(true)
    })

    it('counts requests made at once on two processes exactly', async () => {
      const { storage, location } = await seeded()
      const other = await open(location)
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? other : storage).passwordResets.request(request(`t${i}`, { limit: 3 })),
        ),
      )
      expect(results.filter(Boolean)).toHaveLength(3)
      expect(await storage.outbox.pending()).toBe(3)
    })

    it('tells valid, expired, used and unknown tokens apart', async () => {
      const { storage } = await seeded()
      await storage.passwordResets.request(request('a'))
      const resets = storage.passwordResets
      expect(await resets.status('a', T0 + MINUTES_30 - 1)).toBe('valid')
      expect(await resets.status('a', T0 + MINUTES_30)).toBe('expired')
      expect(await resets.status('never-given', T0)).toBe('invalid')
      expect(await resets.consume('a', T0 + MINUTES_30, 'scrypt$late')).toEqual({
        refused: 'expired',
      })
      expect(await resets.consume('never-given', T0, 'scrypt$x')).toEqual({ refused: 'invalid' })
    })

    it('spends a token once, with the password it sets, and ends the account’s others', async () => {
      const { storage } = await seeded()
      for (const hash of ['a', 'b', 'c']) await storage.passwordResets.request(request(hash))
      await storage.passwordResets.request(request('z', { userId: 2, accountKey: 'someone' }))
      const resets = storage.passwordResets
      expect(await resets.consume('b', T0 + 1000, 'scrypt$new')).toEqual({ userId: 1 })
      expect((await storage.users.findById(1))?.passwordHash).toBe('scrypt$new')
      for (const hash of ['a', 'b', 'c']) expect(await resets.status(hash, T0 + 2000)).toBe('used')
      // A used one stays used once its time is up too; another account's is untouched.
      expect(await resets.status('b', T0 + 2 * MINUTES_30)).toBe('used')
      expect(await resets.status('z', T0 + 2000)).toBe('valid')
      expect(await resets.consume('a', T0 + 3000, 'scrypt$other')).toEqual({ refused: 'used' })
      expect((await storage.users.findById(1))?.passwordHash).toBe('scrypt$new')
    })

    it('lets one of two tokens of an account used at once on two processes win, never both', async () => {
      const { storage, location } = await seeded()
      const other = await open(location)
      for (const hash of ['a', 'b']) await storage.passwordResets.request(request(hash))
      const results = await Promise.all([
        storage.passwordResets.consume('a', T0 + 1000, 'scrypt$by-a'),
        other.passwordResets.consume('b', T0 + 1000, 'scrypt$by-b'),
      ])
      const won = results.filter((result) => 'userId' in result)
      expect(won).toHaveLength(1)
      expect(results).toContainEqual({ refused: 'used' })
      const winner = results[0] && 'userId' in results[0] ? 'scrypt$by-a' : 'scrypt$by-b'
      expect((await storage.users.findById(1))?.passwordHash).toBe(winner)
    })

    it('ends an account’s tokens not used yet (a password changed another way)', async () => {
      const { storage } = await seeded()
      for (const hash of ['a', 'b']) await storage.passwordResets.request(request(hash))
      await storage.passwordResets.request(request('z', { userId: 2, accountKey: 'someone' }))
      await storage.passwordResets.endAllOf(1, T0 + 1000)
      expect(await storage.passwordResets.status('a', T0 + 2000)).toBe('used')
      expect(await storage.passwordResets.consume('b', T0 + 2000, 'scrypt$x')).toEqual({
        refused: 'used',
      })
      expect(await storage.passwordResets.status('z', T0 + 2000)).toBe('valid')
    })

    it('forgets requests made at or before a time: their tokens are unknown, their count gone', async () => {
      const { storage } = await seeded()
      await storage.passwordResets.request(request('old', { limit: 1 }))
      await storage.passwordResets.request(request('new', { at: T0 + 10, limit: 2 }))
      await storage.passwordResets.prune(T0)
      expect(await storage.passwordResets.status('old', T0 + 20)).toBe('invalid')
      expect(await storage.passwordResets.status('new', T0 + 20)).toBe('valid')
      expect(await storage.passwordResets.request(request('next', { at: T0 + 20, limit: 2 }))).toBe(
        true,
      )
    })

    it('queues a message outside an order, sealed or not, as it was given', async () => {
      const { storage } = await seeded()
      const plain = { id: 'note-1', to: 'a@example.com', subject: 'S', text: 't', html: 'h' }
      const sealed = { id: 'note-2', to: 'b@example.com', subject: 'S', sealed: 'v1.abc' }
      await storage.outbox.queue(plain, T0)
      await storage.outbox.queue(sealed, T0 + 1)
      expect(await storage.outbox.claim(T0 - 1, 60_000, 10)).toEqual([])
      expect(await storage.outbox.claim(T0 + 1, 60_000, 10)).toEqual([
        { ...plain, attempts: 1 },
        { ...sealed, attempts: 1 },
      ])
    })
  })
}
