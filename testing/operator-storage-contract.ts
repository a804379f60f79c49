import { describe, expect, it } from 'vitest'
import { openedForEachTest, type StorageHarness } from './storage-contract.ts'

const T0 = 1_800_000_000_000
const HOUR = 60 * 60_000

/**
 * What the API needs of its storage for the shop's operators (server/operators/operator-store.ts),
 * run unchanged against SQLite and PostgreSQL (sqlite.test.ts, postgres.test.ts): operators added
 * once, a new password and a removal ending their sessions, a session found only while it lasts,
 * across two processes on one database too.
 */
export function describeOperatorStorageContract(name: string, harness: StorageHarness) {
  describe(`the operator storage contract: ${name}`, () => {
    const open = openedForEachTest()

    it('adds an operator once; a new password ends its sessions, a removal the operator too', async () => {
      const location = await harness.fresh()
      const [storage, other] = [await open(location), await open(location)]
      expect(await storage.operators.put('ops@shop.example', 'hash-1', T0)).toEqual({ added: true })
      const operator = await other.operators.byEmail('ops@shop.example')
      expect(operator).toMatchObject({ email: 'ops@shop.example', passwordHash: 'hash-1' })
      expect(Number.isInteger(operator?.id)).toBe(true)
      const start = (tokenHash: string, at = T0) =>
        storage.operators.startSession({
          tokenHash,
          operatorId: operator!.id,
          at,
          expiresAt: at + HOUR,
        })

      await start('token-a')
      await start('token-b')
      expect(await other.operators.session('token-a', T0 + 1)).toEqual({
        operatorId: operator!.id,
        email: 'ops@shop.example',
      })
      // Expired, ended, or never started: none.
      expect(await other.operators.session('token-a', T0 + HOUR)).toBeUndefined()
      await other.operators.endSession('token-b', T0 + 2)
      expect(await storage.operators.session('token-b', T0 + 3)).toBeUndefined()
      expect(await storage.operators.session('token-z', T0 + 3)).toBeUndefined()

      // A new password: the same operator, every session ended.
      await start('token-c', T0 + 10)
      expect(await other.operators.put('ops@shop.example', 'hash-2', T0 + 20)).toEqual({
        added: false,
      })
      expect(await storage.operators.byEmail('ops@shop.example')).toEqual({
        ...operator,
        passwordHash: 'hash-2',
      })
      expect(await storage.operators.session('token-c', T0 + 30)).toBeUndefined()

      // Removed: its sessions with it; a second removal finds none.
      await start('token-d', T0 + 40)
      expect(await other.operators.remove('ops@shop.example')).toBe(true)
      expect(await storage.operators.session('token-d', T0 + 41)).toBeUndefined()
      expect(await storage.operators.byEmail('ops@shop.example')).toBeUndefined()
      expect(await storage.operators.remove('ops@shop.example')).toBe(false)
    })

    it('makes one operator of two adds of one email at once', async () => {
      const location = await harness.fresh()
      const [a, b] = [await open(location), await open(location)]
      const results = await Promise.all([
        a.operators.put('two@shop.example', 'hash-a', T0),
        b.operators.put('two@shop.example', 'hash-b', T0),
      ])
      expect(results.filter((result) => result.added)).toHaveLength(1)
      expect((await a.operators.byEmail('two@shop.example'))?.passwordHash).toMatch(/^hash-[ab]$/)
    })
  })
}
