/**
 * What the benchmarks that compare two versions share: the `--baseline <checkout>` argument (a
 * `git worktree` of an earlier commit, built, its `node_modules` beside it), and a checkout's real
 * server (`server/main.ts`, in its own process) with a throw-away data directory and SQLite.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts'

/** The checkout after `--baseline` on the command line, if any. */
export function baselineCheckout(): string | undefined {
  const at = process.argv.indexOf('--baseline')
  return at > 0 ? process.argv[at + 1] : undefined
}

/**
 * The server of this checkout, or of the one at `cwd` (its own dist/). `stop()` ends it and
 * removes its data.
 */
export function serveCheckout(cwd?: string): ServerProcess & { stop: () => Promise<void> } {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-'))
  const server = startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' }, { cwd })
  return {
    ...server,
    async stop() {
      server.child.kill('SIGTERM')
      await server.exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
