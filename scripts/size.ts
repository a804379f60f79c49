/**
 * `npm run size`: builds the SPA and reports what each route costs on the wire, gzip level 9:
 * - the JavaScript and CSS the home route loads before it is interactive: the entry chunk, the
 *   chunks it imports statically and the home route's own chunk, without anything loaded on
 *   demand (after paint, or when a piece is first shown);
 * - for every other route, the JavaScript and CSS it adds on top of that entry.
 * Exits non-zero when home is over its budget. `--no-build` measures the existing dist/.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chunkClosure, entryClosure, entryKey, readManifest } from '../server/static/manifest.ts'

// The CI guards the team set (issue 15, gzip): home's JavaScript before interactive, and any
// route's (the entry and the route's own chunks).
const HOME_JS_BUDGET_KB = 135
const ROUTE_JS_BUDGET_KB = 160
// Where the build goes (and the server serves from): DIST_DIR, as for `npm start`.
const DIST = process.env.DIST_DIR ?? 'dist'

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build', '--', '--outDir', DIST], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
const manifest = readManifest(DIST)
if (!manifest) throw new Error(`${DIST}/.vite/manifest.json is missing: build with manifest: true`)

const gzipSizes = new Map<string, number>()
const gzipSize = (file: string) => {
  let size = gzipSizes.get(file)
  if (size === undefined) {
    size = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length
    gzipSizes.set(file, size)
  }
  return size
}

/** The files a chunk brings with it: itself, its static imports (recursively) and their CSS. */
const closure = (key: string) => {
  const { scripts, styles } = chunkClosure(manifest, [key])
  return new Set([...scripts, ...styles])
}

const sum = (files: Iterable<string>, ext: string) =>
  [...files].filter((file) => file.endsWith(ext)).reduce((total, file) => total + gzipSize(file), 0)
const kb = (bytes: number) => (bytes / 1024).toFixed(1)

const mainKey = entryKey(manifest)
if (!mainKey) throw new Error('No entry chunk in the manifest')
const { scripts, styles } = entryClosure(manifest)
const entry = new Set([...scripts, ...styles])

const routeKey = (key: string) => /^src\/routes\/(.+)\.tsx\?tsr-split=component$/.exec(key)?.[1]
const routes = Object.keys(manifest)
  .filter((key) => routeKey(key))
  .map((key) => {
    const extra = [...closure(key)].filter((file) => !entry.has(file))
    return { route: routeKey(key) ?? key, js: sum(extra, '.js'), css: sum(extra, '.css') }
  })
  .sort((a, b) => a.route.localeCompare(b.route))

const home = routes.find((r) => r.route === 'index')
const homeJs = sum(entry, '.js') + (home?.js ?? 0)
const homeCss = sum(entry, '.css') + (home?.css ?? 0)
const lazy = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry && !routeKey(key))
  .map(([key]) => ({
    chunk: key,
    js: sum(
      [...closure(key)].filter((file) => !entry.has(file)),
      '.js',
    ),
  }))

console.log(
  '\nEntry (every route): JS %s KB, CSS %s KB (gzip)',
  kb(sum(entry, '.js')),
  kb(sum(entry, '.css')),
)
console.log('\nWhat each route adds on top of the entry (gzip KB):')
console.table(routes.map((r) => ({ route: r.route, js: kb(r.js), css: kb(r.css) })))
console.log('Loaded on demand, beyond the entry (gzip KB; shared chunks count in each):')
console.table(lazy.map((l) => ({ chunk: l.chunk, js: kb(l.js) })))
const homeOk = homeJs <= HOME_JS_BUDGET_KB * 1024
console.log(
  `\nHome before interactive: JS ${kb(homeJs)} KB, CSS ${kb(homeCss)} KB (gzip); budget ${HOME_JS_BUDGET_KB} KB JS: ${homeOk ? 'met' : 'OVER BUDGET'}`,
)
const heaviest = routes.reduce<(typeof routes)[number] | undefined>(
  (max, route) => (max && max.js >= route.js ? max : route),
  undefined,
)
const heaviestJs = sum(entry, '.js') + (heaviest?.js ?? 0)
const routesOk = heaviestJs <= ROUTE_JS_BUDGET_KB * 1024
console.log(
  `Heaviest route (${heaviest?.route}): JS ${kb(heaviestJs)} KB (gzip); budget ${ROUTE_JS_BUDGET_KB} KB JS for every route: ${routesOk ? 'met' : 'OVER BUDGET'}\n`,
)
process.exitCode = homeOk && routesOk ? 0 : 1
