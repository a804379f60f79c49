import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { openSqliteStorage } from './sqlite.ts'
import { describeStorageContract } from './storage-contract.ts'

const root = mkdtempSync(join(tmpdir(), 'meridian-sqlite-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let files = 0

describeStorageContract('SQLite', {
  fresh() {
    // A nested folder that does not exist yet: the storage creates it.
    const file = join(root, String(++files), 'users.db')
    return () => openSqliteStorage(file)
  },
})
