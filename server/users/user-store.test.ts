import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { verifyPassword } from '../auth/password.ts'
import { TEST_SCRYPT } from '../test-support.ts'
import { createAccounts } from './accounts.ts'
import { DEMO_SHOPPER, seedUsers } from './seed-users.ts'
import { openUserStore } from './user-store.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const tempDb = () => {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-users-'))
  dirs.push(dir)
  return join(dir, 'nested', 'users.db')
}

describe('the SQLite user store', () => {
  it('creates its file, seeds the demo shopper once, and keeps users across a reopen', async () => {
    const file = tempDb()
    const store = openUserStore(file)
    const accounts = createAccounts(store, TEST_SCRYPT)
    await seedUsers(store, accounts)
    await seedUsers(store, accounts)
    expect(store.count()).toBe(1)
    const added = await accounts.register({
      username: 'kofi',
      email: 'kofi@example.com',
      firstName: 'Kofi',
      lastName: 'Mensah',
      password: 'pa55word',
    })
    store.close()

    const reopened = openUserStore(file)
    expect(reopened.count()).toBe(2)
    expect(reopened.findById(added.id)).toMatchObject({ username: 'kofi', firstName: 'Kofi' })
    expect(reopened.findByUsername('KOFI')?.id).toBe(added.id)
    reopened.close()
  })

  it('stores a salted scrypt hash, never the password', async () => {
    const store = openUserStore(':memory:')
    await seedUsers(store, createAccounts(store, TEST_SCRYPT))
    const emily = store.findByUsername(DEMO_SHOPPER.username)
    expect(emily?.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/)
    expect(emily?.passwordHash).not.toContain(DEMO_SHOPPER.password)
    expect(await verifyPassword(DEMO_SHOPPER.password, emily?.passwordHash ?? '')).toBe(true)
    expect(await verifyPassword('emilyspas', emily?.passwordHash ?? '')).toBe(false)
    expect(emily).toMatchObject({ firstName: 'Emily', address: { city: 'Phoenix' } })
  })

  it('treats usernames and emails as unique regardless of case, and as free for their owner', async () => {
    const store = openUserStore(':memory:')
    await seedUsers(store, createAccounts(store, TEST_SCRYPT))
    expect(store.isTaken('username', 'EMILYS')).toBe(true)
    expect(store.isTaken('email', 'EMILY.johnson@example.com')).toBe(true)
    expect(store.isTaken('email', 'emily.johnson@example.com', 1)).toBe(false)
    expect(store.isTaken('username', "emilys' OR 1=1 --")).toBe(false)
  })
})
