import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it } from 'vitest'
import { openSqliteStorage } from './sqlite.ts'
import { describeAccountStorageContract } from '../../testing/account-storage-contract.ts'
import { describeOrderStorageContract } from '../../testing/order-storage-contract.ts'
import { describeOperatorStorageContract } from '../../testing/operator-storage-contract.ts'
import { describeResetStorageContract } from '../../testing/password-reset-storage-contract.ts'
import { describeStorageContract } from '../../testing/storage-contract.ts'

const root = mkdtempSync(join(tmpdir(), 'meridian-sqlite-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let files = 0

const sqlite = {
  fresh() {
    // A nested folder that does not exist yet: the storage creates it.
    const file = join(root, String(++files), 'users.db')
    return () => openSqliteStorage(file)
  },
}
describeStorageContract('SQLite', sqlite)
describeOrderStorageContract('SQLite', sqlite)
describeOperatorStorageContract('SQLite', sqlite)
describeAccountStorageContract('SQLite', sqlite)
describeResetStorageContract('SQLite', sqlite)

describe('a users.db from before versioned migrations', () => {
  it('keeps its users and gains the login attempts on first open', async () => {
    const file = join(root, 'before', 'users.db')
    mkdirSync(dirname(file), { recursive: true })
    // The table as every release before the PostgreSQL work created it, with a user in it.
    const old = new DatabaseSync(file)
    old.exec(`CREATE TABLE users (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      username TEXT NOT NULL UNIQUE COLLATE NOCASE, email TEXT NOT NULL UNIQUE COLLATE NOCASE,
      password_hash TEXT NOT NULL, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
      maiden_name TEXT NOT NULL DEFAULT '', gender TEXT NOT NULL DEFAULT '',
      phone TEXT NOT NULL DEFAULT '', birth_date TEXT NOT NULL DEFAULT '',
      role TEXT NOT NULL DEFAULT 'user', address TEXT NOT NULL DEFAULT '{}') STRICT`)
    old
      .prepare(
        `INSERT INTO users (username, email, password_hash, first_name, last_name, address)
         VALUES ('kofi', 'kofi@example.com', 'scrypt$1$1$1$a$b', 'Kofi', 'Mensah', '{"city":"Accra"}')`,
      )
      .run()
    old.close()

    const storage = openSqliteStorage(file)
    try {
      expect(await storage.users.findByUsername('KOFI')).toMatchObject({
        id: 1,
        firstName: 'Kofi',
        address: { city: 'Accra', country: '' },
      })
      expect(await storage.loginAttempts.reserve('kofi', 2, 0, 10)).toEqual([])
      expect(await storage.loginAttempts.reserve('kofi', 3, 0, 10)).toEqual([2])
    } finally {
      await storage.close()
    }
  })
})

describe('a users.db from before user names were compared by their key', () => {
  it('gives each user its key, and a later look-alike its id after a #', async () => {
    const file = join(root, 'before-keys', 'users.db')
    // Version 2 of the schema, with two names that are one under the new comparison.
    const storage = openSqliteStorage(file)
    await storage.close()
    const old = new DatabaseSync(file)
    old.exec('DROP INDEX users_by_username_key')
    old.exec('ALTER TABLE users DROP COLUMN username_key')
    old.exec('DROP TABLE sessions')
    old.exec(
      'DROP TABLE stock; DROP TABLE stock_changes; DROP TABLE orders; DROP TABLE idempotency_keys; DROP TABLE outbox',
    )
    old.exec('DROP TABLE account_entries; DROP TABLE account_versions')
    old.exec('DROP TABLE password_resets; DROP TABLE order_events')
    old.exec('DROP TABLE operators; DROP TABLE operator_sessions')
    old.exec('ALTER TABLE login_attempts DROP COLUMN weight')
    old.exec('PRAGMA user_version = 2')
    const add = old.prepare(
      `INSERT INTO users (username, email, password_hash, first_name, last_name)
       VALUES (?, ?, 'scrypt$1$1$1$a$b', 'Z', 'Z')`,
    )
    add.run('Zoë', 'zoe1@example.com')
    add.run('zoe', 'zoe2@example.com')
    old.close()

    const reopened = openSqliteStorage(file)
    try {
      expect((await reopened.users.findByUsername('ZOE'))?.email).toBe('zoe1@example.com')
      expect((await reopened.users.findByUsername('zoe#2'))?.email).toBe('zoe2@example.com')
      expect((await reopened.users.findByUsername('zoe#2'))?.username).toBe('zoe')
    } finally {
      await reopened.close()
    }
  })
})
