import { mkdtempSync, rmSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../testing/manual-clock.ts'
import { capturedLogs } from '../../testing/test-api.ts'
import { schedulePrunes } from './prunes.ts'
import { openSqliteStorage } from './sqlite.ts'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

describe('the hourly prunes', () => {
  it('log a sweep that fails on a locked database, and the process goes on', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'meridian-prunes-'))
    folders.push(folder)
    const file = join(folder, 'users.db')
    const storage = openSqliteStorage(file, { busyTimeoutMs: 10 })
    // Another process holds the write lock (a backup, a second server started by mistake).
    const other = new DatabaseSync(file)
    other.exec('BEGIN EXCLUSIVE')
    const logs = capturedLogs()
    const uncaught: unknown[] = []
    const record = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', record)
    process.on('unhandledRejection', record)
    try {
      const prunes = schedulePrunes(storage, {
        clock: new ManualClock(),
        logger: logs.logger,
        everyMs: 60_000,
      })
      await prunes.prune()
      prunes.stop()
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(logs.lines.map((line) => line.msg)).toEqual(
        expect.arrayContaining([
          'old idempotency keys not pruned',
          'old account removals not pruned',
        ]),
      )
      expect(JSON.stringify(logs.lines)).toContain('database is locked')
      expect(uncaught).toEqual([])
      // Once the lock is gone, the next sweep goes through.
      other.exec('ROLLBACK')
      const before = logs.lines.length
      await prunes.prune()
      expect(logs.lines.length).toBe(before)
    } finally {
      process.off('uncaughtException', record)
      process.off('unhandledRejection', record)
      other.close()
      await storage.close()
    }
  })

  it('find every SQLite method answering a failure as a rejection, never a throw', async () => {
    const storage = openSqliteStorage(':memory:')
    await storage.close()
    const calls = [
      () => storage.orders.pruneKeys(0),
      () => storage.orders.byNumber('MRD-X'),
      () => storage.stock.all(),
      () => storage.outbox.pending(),
      () => storage.accountState.prune(0),
      () => storage.passwordResets.prune(0),
      () => storage.loginAttempts.prune(0),
      () => storage.users.count(),
      () => storage.sessions.prune(0),
    ]
    for (const call of calls) {
      let answer: Promise<unknown> | undefined
      expect(() => (answer = call() as Promise<unknown>)).not.toThrow()
      await expect(answer).rejects.toThrow(/not open|finalized/)
    }
  })
})
