import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/** Whether a process with this id is running (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Runs `work` while holding `lock`, a folder made atomically (mkdir) with this process's id in it.
 * Two `npm start`s at once on one checkout (two replicas on one machine) so build dist/ one after
 * the other: the second finds the first's build current instead of emptying it mid-way. A lock
 * whose process has died (a build interrupted by Ctrl-C) is taken over.
 */
export async function withBuildLock<T>(
  lock: string,
  work: () => T | Promise<T>,
  { pollMs = 200, onWait = () => undefined }: { pollMs?: number; onWait?: () => void } = {},
): Promise<T> {
  const owner = join(lock, 'pid')
  let waited = false
  for (;;) {
    try {
      mkdirSync(lock)
      writeFileSync(owner, String(process.pid))
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    let holder = Number.NaN
    try {
      holder = Number(readFileSync(owner, 'utf8'))
    } catch {
      // Made a moment ago, its id not written yet: wait for it.
    }
    if (Number.isInteger(holder) && !alive(holder)) {
      rmSync(lock, { recursive: true, force: true })
      continue
    }
    if (!waited) onWait()
    waited = true
    await sleep(pollMs)
  }
  try {
    return await work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}
