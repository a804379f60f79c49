/**
 * `npm run size`: builds the SPA and reports what each route costs on the wire, gzip level 9:
 * - the JavaScript and CSS the home route loads before it is interactive: the entry chunk, the
 *   chunks it imports statically and the home route's own chunk, without anything loaded on
 *   demand (after paint, or when a piece is first shown);
 * - for every other route, the JavaScript and CSS it adds on top of that entry.
 * The routes and their files come from the build's route manifest (dist/.vite/routes.json).
 * Exits non-zero when home or any route is over its budget. `--no-build` measures the existing dist/.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chunkClosure, readManifest } from '../server/static/manifest.ts'
import { readRouteManifest } from '../server/static/route-manifest.ts'

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
const routeManifest = readRouteManifest(DIST)
if (!routeManifest)
  throw new Error(`${DIST} has no route manifest (scripts/route-manifest-plugin.ts)`)

const gzipSizes = new Map<string, number>()
const gzipSize = (file: string) => {
  let size = gzipSizes.get(file)
  if (size === undefined) {
    size = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length
    gzipSizes.set(file, size)
  }
  return size
}

const sum = (files: Iterable<string>, ext: string) =>
  [...files].filter((file) => file.endsWith(ext)).reduce((total, file) => total + gzipSize(file), 0)
const kb = (bytes: number) => (bytes / 1024).toFixed(1)

const entry = new Set([...routeManifest.entry.scripts, ...routeManifest.entry.styles])
const routes = routeManifest.routes
  .map(({ path, scripts, styles }) => ({
    route: path,
    js: sum(scripts, '.js'),
    css: sum(styles, '.css'),
  }))
  .sort((a, b) => a.route.localeCompare(b.route))

const home = routes.find((r) => r.route === '/')
const homeJs = sum(entry, '.js') + (home?.js ?? 0)
const homeCss = sum(entry, '.css') + (home?.css ?? 0)
// The chunks loaded by import() within a page (carousels, forms), not as a route of their own.
const routeFiles = new Set(routeManifest.routes.flatMap((route) => route.scripts))
const lazy = Object.entries(manifest)
  .filter(
    ([, chunk]) => chunk.isDynamicEntry && !routeFiles.has(chunk.file) && !entry.has(chunk.file),
  )
  .map(([key]) => {
    const { scripts } = chunkClosure(manifest, [key])
    return {
      chunk: key,
      js: sum(
        [...scripts].filter((file) => !entry.has(file)),
        '.js',
      ),
    }
  })

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
