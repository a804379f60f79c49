import { afterEach, describe, expect, it } from 'vitest'
import { verifyPassword } from '../server/auth/password.ts'
import { TEST_SCRYPT } from './test-api.ts'
import { createAccounts, TakenAnswer } from '../server/users/accounts.ts'
import { DEMO_SHOPPER, seedUsers } from '../server/users/seed-users.ts'
import { TakenError, type NewUser } from '../server/users/user-store.ts'
import type { Storage } from '../server/storage/storage.ts'

/** Opens a storage on one location (a file, a database) as often as it is called. */
export type OpenStorage = () => Storage | Promise<Storage>

export interface StorageHarness {
  /** A new, empty location. */
  fresh(): OpenStorage | Promise<OpenStorage>
}

const kofi: NewUser = {
  username: 'kofi',
  email: 'kofi@example.com',
  passwordHash: 'scrypt$1024$8$1$c2FsdA$a2V5',
  firstName: 'Kofi',
  lastName: 'Mensah',
  maidenName: '',
  gender: 'male',
  phone: '',
  birthDate: '1990-02-03',
  role: 'user',
  address: {
    address: '12 Ring Road',
    city: 'Accra',
    state: 'Greater Accra',
    stateCode: 'GA',
    postalCode: '00233',
    country: 'Ghana',
  },
}

/**
 * What the API needs of its storage, run unchanged against each implementation (sqlite.test.ts,
 * postgres.test.ts): users, uniqueness at the database, login attempts counted atomically,
 * migrations that two processes may run at once.
 */
/**
 * Opens a storage for the test under way, and closes every one it opened once the test ends.
 * Call it in a `describe`: it registers the closing there.
 */
export function openedForEachTest(): (location: OpenStorage) => Promise<Storage> {
  const opened: Storage[] = []
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((storage) => storage.close()))
  })
  return async (location) => {
    const storage = await location()
    opened.push(storage)
    return storage
  }
}

export function describeStorageContract(name: string, harness: StorageHarness) {
  describe(`the storage contract: ${name}`, () => {
    const open = openedForEachTest()
    const seeded = async () => {
      const storage = await open(await harness.fresh())
      await seedUsers(storage.users, createAccounts(storage.users, TEST_SCRYPT))
      return storage
    }

    it('migrates an empty location, seeds the demo shopper once, and keeps users across a reopen', async () => {
      const location = await harness.fresh()
      const storage = await location()
      const accounts = createAccounts(storage.users, TEST_SCRYPT)
      await seedUsers(storage.users, accounts)
      await seedUsers(storage.users, accounts)
      expect(await storage.users.count()).toBe(1)
      const added = await accounts.register({
        username: 'kofi',
        email: 'kofi@example.com',
        firstName: 'Kofi',
        lastName: 'Mensah',
        password: 'pa55word',
      })
      await storage.close()

      const reopened = await open(location)
      expect(await reopened.users.count()).toBe(2)
      expect(await reopened.users.findById(added.id)).toMatchObject({
        username: 'kofi',
        firstName: 'Kofi',
      })
      expect((await reopened.users.findByUsername('KOFI'))?.id).toBe(added.id)
      expect(await reopened.users.findById(added.id + 1000)).toBeUndefined()
      // The largest id the API lets through (15 digits) is just unknown, in either database.
      expect(await reopened.users.findById(999_999_999_999_999)).toBeUndefined()
      await expect(reopened.ping()).resolves.toBeUndefined()
    })

    it('stores a salted scrypt hash, never the password', async () => {
      const storage = await seeded()
      const emily = await storage.users.findByUsername(DEMO_SHOPPER.username)
      expect(emily?.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/)
      expect(emily?.passwordHash).not.toContain(DEMO_SHOPPER.password)
      expect(await verifyPassword(DEMO_SHOPPER.password, emily?.passwordHash ?? '')).toBe(true)
      expect(await verifyPassword('emilyspas', emily?.passwordHash ?? '')).toBe(false)
      expect(emily).toMatchObject({ id: 1, firstName: 'Emily', address: { city: 'Phoenix' } })
    })

    it('treats usernames and emails as unique regardless of case, and as free for their owner', async () => {
      const { users } = await seeded()
      expect(await users.isTaken('username', 'EMILYS')).toBe(true)
      expect(await users.isTaken('email', 'EMILY.johnson@example.com')).toBe(true)
      expect(await users.isTaken('email', 'emily.johnson@example.com', 1)).toBe(false)
      expect(await users.isTaken('username', "emilys' OR 1=1 --")).toBe(false)
    })

    it('refuses a taken username or e-mail in the database itself, on insert and on update', async () => {
      const { users } = await seeded()
      const added = await users.insert(kofi)
      await expect(
        users.insert({ ...kofi, email: 'other@example.com', username: 'KOFI' }),
      ).rejects.toEqual(new TakenError('username'))
      await expect(
        users.insert({ ...kofi, username: 'kofi2', email: 'KOFI@example.com' }),
      ).rejects.toEqual(new TakenError('email'))
      await expect(users.update(added.id, { username: 'Emilys' })).rejects.toEqual(
        new TakenError('username'),
      )
      expect(await users.count()).toBe(2)
      expect((await users.findById(added.id))?.username).toBe('kofi')
    })

    it('compares user names by their key: case, width and accents are one name, in the database too', async () => {
      const { users } = await seeded()
      const added = await users.insert(kofi)
      for (const lookAlike of ['KOFI', '\uFF4B\uFF4F\uFF46\uFF49', 'Kôfi', 'kofi\u0307']) {
        expect((await users.findByUsername(lookAlike))?.id, lookAlike).toBe(added.id)
        expect(await users.isTaken('username', lookAlike), lookAlike).toBe(true)
      }
      await expect(
        users.insert({ ...kofi, username: 'Kófi', email: 'kofi2@example.com' }),
      ).rejects.toEqual(new TakenError('username'))
      await expect(users.update(added.id, { username: 'ÉMILYS' })).rejects.toEqual(
        new TakenError('username'),
      )
      // A change of name moves its key with it.
      await users.update(added.id, { username: 'Kwame' })
      expect((await users.findByUsername('kwame'))?.id).toBe(added.id)
      expect(await users.findByUsername('kofi')).toBeUndefined()
    })

    it('changes only the given fields and keeps the address whole', async () => {
      const { users } = await seeded()
      const added = await users.insert(kofi)
      expect(await users.findById(added.id)).toEqual({ ...kofi, id: added.id })
      const address = { ...kofi.address, city: 'Kumasi', postalCode: '' }
      const updated = await users.update(added.id, { firstName: 'Kwame', address })
      expect(updated).toEqual({ ...kofi, id: added.id, firstName: 'Kwame', address })
      expect(await users.findById(added.id)).toEqual(updated)
      expect(await users.update(added.id, {})).toEqual(updated)
      expect(await users.update(added.id + 1000, { firstName: 'Nobody' })).toBeUndefined()
      expect(await users.update(999_999_999_999_999, { firstName: 'Nobody' })).toBeUndefined()
    })

    it('lets two processes start at once on a new location: both migrate, one demo shopper', async () => {
      const location = await harness.fresh()
      const [a, b] = await Promise.all([open(location), open(location)])
      await Promise.all([
        seedUsers(a.users, createAccounts(a.users, TEST_SCRYPT)),
        seedUsers(b.users, createAccounts(b.users, TEST_SCRYPT)),
      ])
      expect(await a.users.count()).toBe(1)
      expect(await b.users.findByUsername('emilys')).toBeDefined()
      await open(location) // a restart finds every migration applied
    })

    it('answers a registration raced by another process for the same name with 400, not 500', async () => {
      const location = await harness.fresh()
      const [a, b] = await Promise.all([open(location), open(location)])
      const input = {
        username: 'ama',
        email: 'ama@example.com',
        firstName: 'A',
        lastName: 'B',
        password: 'pass-word1',
      }
      const results = await Promise.allSettled([
        createAccounts(a.users, TEST_SCRYPT).register(input),
        createAccounts(b.users, TEST_SCRYPT).register({ ...input, email: 'ama2@example.com' }),
      ])
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
      const [refused] = results.filter((result) => result.status === 'rejected')
      expect(refused?.reason).toEqual(new TakenAnswer('username'))
      expect(await a.users.count()).toBe(1)
    })

    it('counts login attempts atomically across processes, and clears and prunes them', async () => {
      const location = await harness.fresh()
      const [a, b] = await Promise.all([open(location), open(location)])
      const answers = await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          (i % 2 ? a : b).loginAttempts.reserve('emilys', 1_000 + i, 0, 10),
        ),
      )
      // Each attempt saw the ones before it, and once 10 were in, none was added.
      expect(answers.map((recent) => recent.length).sort((x, y) => x - y)).toEqual([
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10,
      ])
      const recent = await a.loginAttempts.reserve('emilys', 2_000, 0, 10)
      expect(recent).toHaveLength(10)
      expect(recent).toEqual([...recent].sort((x, y) => x - y))
      // Only attempts after `since` count.
      expect(await b.loginAttempts.reserve('emilys', 2_000, recent[4] ?? 0, 10)).toHaveLength(5)
      await b.loginAttempts.reserve('kofi', 3_000, 0, 10)

      await a.loginAttempts.clear('emilys')
      expect(await b.loginAttempts.reserve('emilys', 4_000, 0, 10)).toEqual([])
      await a.loginAttempts.prune(3_000)
      expect(await b.loginAttempts.reserve('kofi', 5_000, 0, 10)).toEqual([])
      expect(await b.loginAttempts.reserve('emilys', 5_000, 0, 10)).toEqual([4_000])
    })

    it('reserves weighted allowances all or none, atomically across processes', async () => {
      const location = await harness.fresh()
      const [a, b] = await Promise.all([open(location), open(location)])
      const allowances = (units: number) => [
        { key: 'units:198.51.100.1', since: 0, limit: 100, weight: units },
        { key: 'orders:198.51.100.1', since: 0, limit: 10, weight: 1 },
      ]
      // 20 orders of 7 units at once, over both processes: 14 fit in 100 (98 units), no more.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? a : b).loginAttempts.reserveAll(allowances(7), 1_000 + i),
        ),
      )
      expect(answers.filter((answer) => answer.recorded)).toHaveLength(10)
      // The orders' count (10) was the tighter bound: nothing of the refused ones was recorded.
      const after = await a.loginAttempts.reserveAll(allowances(1), 2_000)
      expect(after.recorded).toBe(false)
      expect(after.entries[0]?.reduce((sum, entry) => sum + entry.weight, 0)).toBe(70)
      expect(after.entries[1]).toHaveLength(10)
      expect(after.entries[0]?.map((entry) => entry.at)).toEqual(
        [...(after.entries[0] ?? [])].map((entry) => entry.at).sort((x, y) => x - y),
      )

      // Entries up to `since` do not count; an entry released no longer does.
      const later = [
        { key: 'units:198.51.100.1', since: 1_005, limit: 100, weight: 30 },
        { key: 'orders:198.51.100.1', since: 1_005, limit: 10, weight: 1 },
      ]
      const fitted = await b.loginAttempts.reserveAll(later, 3_000)
      expect(fitted.recorded).toBe(true)
      await a.loginAttempts.release('units:198.51.100.1', 3_000)
      await a.loginAttempts.release('orders:198.51.100.1', 3_000)
      const again = await a.loginAttempts.reserveAll(later, 3_001)
      expect(again.entries[0]?.some((entry) => entry.at === 3_000)).toBe(false)
      // A weight above the limit never fits.
      const huge = await b.loginAttempts.reserveAll(
        [{ key: 'units:elsewhere', since: 0, limit: 100, weight: 101 }],
        4_000,
      )
      expect(huge).toEqual({ recorded: false, entries: [[]] })
    })

    it('keeps sessions: started, found, ended one by one or all of a user but one, and pruned', async () => {
      const { sessions } = await open(await harness.fresh())
      const session = (id: string, userId = 1) => ({
        id,
        userId,
        refreshId: `${id}-r1`,
        createdAt: 1_000,
        expiresAt: 100_000,
      })
      for (const id of ['a', 'b', 'c']) await sessions.start(session(id))
      await sessions.start(session('other', 2))
      expect(await sessions.find('a')).toEqual({ ...session('a'), endedAt: null })
      expect(await sessions.find('nope')).toBeUndefined()

      await sessions.end('a', 2_000)
      await sessions.end('a', 3_000) // ending again changes nothing
      expect((await sessions.find('a'))?.endedAt).toBe(2_000)
      await sessions.endAllOf(1, 4_000, 'b')
      expect((await sessions.find('b'))?.endedAt).toBeNull()
      expect((await sessions.find('c'))?.endedAt).toBe(4_000)
      expect((await sessions.find('other'))?.endedAt).toBeNull()

      await sessions.prune(3_000)
      expect(await sessions.find('a')).toBeUndefined()
      expect(await sessions.find('c')).toBeDefined()
      await sessions.prune(100_000)
      expect(await sessions.find('b')).toBeUndefined()
    })

    it('rotates a refresh token once, and ends the session when an old one comes back', async () => {
      const { sessions } = await open(await harness.fresh())
      await sessions.start({ id: 's', userId: 1, refreshId: 'r1', createdAt: 0, expiresAt: 10_000 })
      expect(await sessions.rotate('s', 'r1', 'r2', 100)).toBe('rotated')
      expect((await sessions.find('s'))?.refreshId).toBe('r2')
      expect(await sessions.rotate('s', 'r1', 'r3', 200)).toBe('reused')
      expect((await sessions.find('s'))?.endedAt).toBe(200)
      // Once ended, even the current token is refused.
      expect(await sessions.rotate('s', 'r2', 'r4', 300)).toBe('ended')
      expect(await sessions.rotate('unknown', 'r1', 'r2', 300)).toBe('ended')
      await sessions.start({ id: 'old', userId: 1, refreshId: 'r1', createdAt: 0, expiresAt: 500 })
      expect(await sessions.rotate('old', 'r1', 'r2', 500)).toBe('ended')
    })

    it('lets one of two processes rotate a refresh token used at once by both, and ends the session', async () => {
      const location = await harness.fresh()
      const [a, b] = await Promise.all([open(location), open(location)])
      await a.sessions.start({ id: 's', userId: 1, refreshId: 'r1', createdAt: 0, expiresAt: 1e12 })
      const outcomes = await Promise.all([
        a.sessions.rotate('s', 'r1', 'from-a', 10),
        b.sessions.rotate('s', 'r1', 'from-b', 10),
      ])
      expect(outcomes.sort()).toEqual(['reused', 'rotated'])
      expect((await b.sessions.find('s'))?.endedAt).toBe(10)
    })
  })
}
