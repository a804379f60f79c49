import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { withBuildLock } from './build-lock.ts'

const root = mkdtempSync(join(tmpdir(), 'meridian-build-lock-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let locks = 0
const newLock = () => join(root, `dist${++locks}.build-lock`)

describe('withBuildLock (two npm starts building one checkout)', () => {
  it('runs the second build after the first has finished, and frees the lock', async () => {
    const lock = newLock()
    const events: string[] = []
    let releaseFirst = () => undefined as void
    const first = withBuildLock(lock, async () => {
      events.push('first starts')
      await new Promise<void>((resolve) => (releaseFirst = resolve))
      events.push('first ends')
      return 1
    })
    const second = withBuildLock(
      lock,
      () => {
        events.push('second starts')
        return 2
      },
      { pollMs: 5, onWait: () => events.push('second waits') },
    )
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(events).toEqual(['first starts', 'second waits'])
    releaseFirst()
    expect(await Promise.all([first, second])).toEqual([1, 2])
    expect(events).toEqual(['first starts', 'second waits', 'first ends', 'second starts'])
    expect(existsSync(lock)).toBe(false)
  })

  it('frees the lock when the build fails', async () => {
    const lock = newLock()
    await expect(
      withBuildLock(lock, () => {
        throw new Error('build failed')
      }),
    ).rejects.toThrow('build failed')
    expect(existsSync(lock)).toBe(false)
  })

  it('takes over a lock left by a process that died', async () => {
    const lock = newLock()
    const dead = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => dead.on('exit', resolve))
    mkdirSync(lock)
    writeFileSync(join(lock, 'pid'), String(dead.pid))
    let waited = false
    expect(await withBuildLock(lock, () => 'built', { onWait: () => (waited = true) })).toBe(
      'built',
    )
    expect(waited).toBe(false)
  })
})
