/**
 * A throw-away PostgreSQL for tests and `npm run bench:api`: Debian's `postgresql` package's
 * server, a new cluster (`initdb`) in a temporary folder, listening on a free loopback port, run
 * as the `postgres` user when this process is root (PostgreSQL refuses to run as root), removed
 * again by `stop()`. `.ci/run` installs the package when it is missing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { freePort } from './free-port.ts'

const USER = 'meridian'
const START_TIMEOUT_MS = 30_000

/** The folder with `initdb` and `postgres`: PG_BIN, else Debian's newest /usr/lib/postgresql/N/bin. */
export function findPostgresBin(): string | undefined {
  const candidates = process.env.PG_BIN ? [process.env.PG_BIN] : []
  const debian = '/usr/lib/postgresql'
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a))
    candidates.push(...versions.map((version) => join(debian, version, 'bin')))
  }
  return candidates.find(
    (dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres')),
  )
}

/** The `postgres` system user's ids, to run the server as when this process is root. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'))
  if (!line) throw new Error('Running as root, but there is no postgres user to run PostgreSQL as')
  const [, , uid, gid] = line.split(':')
  return { uid: Number(uid), gid: Number(gid) }
}

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
}

let databases = 0

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findPostgresBin()
  if (!bin) {
    throw new Error(
      'PostgreSQL is not installed: `apt-get install -y postgresql` (Debian), or set PG_BIN to the folder with initdb and postgres',
    )
  }
  const owner = postgresUser()
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
    throw new Error(`initdb failed (${init.status}): ${init.stderr || init.stdout}`)
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
    async stop() {
      await halt(true)
      rmSync(root, { recursive: true, force: true })
    },
  }
}
