/**
 * `npm start` runs this first: it builds the SPA when the project has one and dist/ is missing or
 * older than any of the SPA's sources, so a fresh clone starts with one command and a rebuilt
 * checkout is never served stale.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const SOURCES = ['index.html', 'vite.config.ts', 'package-lock.json', 'src', 'public']

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))))
}

if (!existsSync('index.html')) {
  console.log('No SPA in this project yet: serving the catalogue API only.')
} else {
  const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0
  const changed = Math.max(...SOURCES.map(newestMtime))
  if (built >= changed) {
    console.log('dist/ is up to date.')
  } else {
    console.log(
      built ? 'Sources changed since the last build: rebuilding.' : 'No build yet: building.',
    )
    const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
    process.exit(result.status ?? 1)
  }
}
