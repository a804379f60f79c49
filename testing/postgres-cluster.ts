/**
 * A throw-away PostgreSQL for tests and `npm run bench:api`: a new cluster (`initdb`) of the server
 * findPostgresBinaries() finds (PG_BIN, Debian's, or npm's) in a temporary folder, listening on a
 * free loopback port, run as another user when this process is root (PostgreSQL refuses to run as
 * root), removed again by `stop()`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chownSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { freePort } from './free-port.ts'
import { findPostgresBinaries, serverUser } from './postgres-binaries.ts'

const USER = 'meridian'
const START_TIMEOUT_MS = 30_000

export interface PostgresCluster {
  /** The URL of a database of this cluster (default `postgres`). */
  url(database?: string): string
  /** Creates a new, empty database and answers its URL. */
  createDatabase(name?: string): Promise<string>
  /** Stops the server (fast shutdown) and keeps its files, for `start()` to bring it back. */
  pause(): Promise<void>
  /** Starts the server again on the same port after `pause()`. */
  start(): Promise<void>
  /** Stops the server and removes its files. */
  stop(): Promise<void>
  /** What the server has printed since it last started (its log, with `log_statement` its statements). */
  output(): string
}

let databases = 0

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const { bin, source } = findPostgresBinaries()
  const owner = serverUser()
  const root = mkdtempSync(join(tmpdir(), 'meridian-pg-'))
  if (owner) chownSync(root, owner.uid, owner.gid)
  const dataDir = join(root, 'data')
  const asOwner = owner ? { uid: owner.uid, gid: owner.gid } : {}

  const init = spawnSync(
    join(bin, 'initdb'),
    ['-D', dataDir, '-U', USER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
    { ...asOwner, encoding: 'utf8' },
  )
  if (init.status !== 0) {
    rmSync(root, { recursive: true, force: true })
    const as = owner ? ` as ${owner.name}` : ''
    const why = init.error ? String(init.error) : init.stderr || init.stdout
    throw new Error(`initdb (${source}, ${bin}) failed${as}: ${why}`)
  }

  const port = await freePort()
  const url = (database = 'postgres') => `postgres://${USER}@127.0.0.1:${port}/${database}`
  let server: ChildProcess | undefined
  let log = ''

  const start = async () => {
    log = ''
    const child = spawn(
      join(bin, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-k', root, '-c', 'listen_addresses=127.0.0.1'],
      { ...asOwner, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    server = child
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
    const deadline = Date.now() + START_TIMEOUT_MS
    for (;;) {
      if (child.exitCode !== null) throw new Error(`PostgreSQL exited (${child.exitCode}): ${log}`)
      const probe = postgres(url(), { max: 1, connect_timeout: 2, onnotice: () => undefined })
      try {
        await probe`SELECT 1`
        return
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error(`PostgreSQL did not start: ${String(error)}\n${log}`)
      } finally {
        await probe.end({ timeout: 1 })
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  /**
   * Stops the server: by default a fast shutdown (it ends the sessions and writes a checkpoint, so
   * it starts again as it was); `immediate` skips the checkpoint, for a cluster about to be
   * removed (the checkpoint of every database the tests made took longer than a test hook allows
   * on one slow core).
   */
  const halt = async (immediate = false) => {
    const child = server
    server = undefined
    if (!child || child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill(immediate ? 'SIGQUIT' : 'SIGINT')
    await exited
  }
  const pause = () => halt()

  try {
    await start()
  } catch (error) {
    await halt(true)
    rmSync(root, { recursive: true, force: true })
    throw error
  }

  return {
    url,
    async createDatabase(name = `meridian_${process.pid}_${++databases}`) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`)
      const admin = postgres(url(), { max: 1, onnotice: () => undefined })
      try {
        await admin.unsafe(`CREATE DATABASE ${name}`)
      } finally {
        await admin.end({ timeout: 1 })
      }
      return url(name)
    },
    pause,
    start,
    output: () => log,
    async stop() {
      await halt(true)
      rmSync(root, { recursive: true, force: true })
    },
  }
}
