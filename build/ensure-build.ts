/**
 * `npm start` runs this first: it builds the SPA when the project has one and its build (dist/, or
 * DIST_DIR) is missing, older than any of the SPA's sources, or made with other `VITE_*` variables
 * (VITE_API_URL=… npm start builds for that API), so a fresh clone starts with one command and a
 * changed checkout or setting is never served stale.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { clientDirOf } from '../server/pages/app-server.ts'
import { readBuildEnv, sameBuildEnv } from '../server/pages/build-env.ts'
import { buildEnvironment } from './build-env-plugin.ts'
import { withBuildLock } from './build-lock.ts'

const SOURCES = [
  'index.html',
  'vite.config.ts',
  'vite.admin.config.ts',
  'package-lock.json',
  'src',
  'admin',
  'shared',
  'public',
]

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))))
}

/** The file each build writes last: the server's entry (build/build.ts builds the client first). */
const lastBuilt = (dist: string) => join(dist, 'server', 'entry-server.js')

/** Why the SPA in `root` must be built into `dist` before it is served; null when it is current. */
export function rebuildReason(root = process.cwd(), dist = join(root, 'dist')): string | null {
  const built = lastBuilt(dist)
  if (!existsSync(built) || !existsSync(join(clientDirOf(dist), 'index.html')))
    return 'No build yet: building.'
  const changed = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))))
  if (statSync(built).mtimeMs < changed) return 'Sources changed since the last build: rebuilding.'
  const env = readBuildEnv(clientDirOf(dist))
  const wanted = buildEnvironment('production', root)
  if (!env || !sameBuildEnv(env, wanted))
    return `Build-time settings changed (${JSON.stringify(wanted)}): rebuilding.`
  return null
}

if (import.meta.main) {
  if (!existsSync('index.html')) {
    console.log('No SPA in this project yet: serving the catalogue API only.')
  } else {
    // The server serves DIST_DIR (server/config.ts: an empty value counts as unset).
    const dist = resolve(process.env.DIST_DIR || 'dist')
    // Another `npm start` of this checkout may be building it right now: one build at a time.
    const status = await withBuildLock(
      `${dist}.build-lock`,
      () => {
        const reason = rebuildReason(process.cwd(), dist)
        if (reason === null) {
          console.log(`${relative(process.cwd(), dist) || '.'}/ is up to date.`)
          return 0
        }
        console.log(reason)
        const result = spawnSync('npm', ['run', 'build'], {
          stdio: 'inherit',
          env: { ...process.env, DIST_DIR: dist },
        })
        return result.status ?? 1
      },
      { onWait: () => console.log('Another npm start is building the app: waiting for it.') },
    )
    process.exit(status)
  }
}
