/**
 * `npm run size`: builds the storefront and reports what each route costs on the wire, gzip level 9:
 * - the JavaScript and CSS the home page loads before it is interactive: the entry, the chunks it
 *   imports statically and the home route's own chunks, without anything loaded on demand (after
 *   paint, or when a piece is first shown);
 * - for every other route, the JavaScript and CSS it adds on top of that entry.
 * The routes and their files come from the router's manifest in the client build (what the server
 * names in each page: build/router-manifest-plugin.ts), the chunks loaded on demand from Vite's.
 * Exits non-zero when home or any route is over its budget. `--no-build` measures the existing build.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Manifest } from '@tanstack/react-router'
import { clientDirOf } from '../server/pages/app-server.ts'
import { ROUTER_MANIFEST_FILE } from '../server/pages/router-manifest.ts'

// The CI guards the team's budgets (gzip): home's JavaScript before interactive, and any route's
// (the entry and the route's own chunks). Home's is lowered as the entry shrinks, towards the
// 120 KB the shopper's first tap asks for (decisions.md § Server rendering, taps before
// takeover): 135.5 KB until the HTTP client's code left the entry (131.3 KB), 131.5 KB until the
// devtools could open on the live site (their switch, and the names their chunk imports from the
// entry), 131.7 KB until orders reached the server (an order waiting on the device is sent from
// any page, and Find an order is a route every page's router knows: docs/performance.md), 132.4 KB
// until a forgotten password could be reset (two more routes every router knows, and the reset
// link's token taken out of the address before the router reads it), 132.9 KB until shared chunks
// were named by their hash alone (the entry lists each one's file: 0.7 KB less, vite.config.ts).
const HOME_JS_BUDGET_KB = 132.4
// Any route's: 160 KB until the second round of shoppers' fixes (29 November 2026), whose
// checkout checks each line's stock past every cache as it opens and replaces what the device kept
// after an order's answer, hands the focus to each step's heading, and whose entry opens the header's
// categories without JavaScript: /checkout 159.79 KB before, 160.24 KB after (its own stock
// check and the order's answer 0.25 KB, the focus 0.06 KB, the entry 0.13 KB).
const ROUTE_JS_BUDGET_KB = 160.4
// The operator's back office (admin/, a build of its own that no shopper's page loads): its
// start (React, the router, TanStack Query, the frame) and its heaviest page on top. An operator
// opens it on a phone in the stock room too, over the shop's Wi-Fi or a phone's connection.
const BACK_OFFICE_START_BUDGET_KB = 115
const BACK_OFFICE_PAGE_BUDGET_KB = 140
// Where the build goes (and the server serves from): DIST_DIR, as for `npm start`.
const DIST = process.env.DIST_DIR || 'dist'
const CLIENT = clientDirOf(DIST)

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DIST_DIR: DIST },
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const readJson = <T>(file: string) => JSON.parse(readFileSync(join(CLIENT, file), 'utf8')) as T
const routerManifest = readJson<Manifest>(ROUTER_MANIFEST_FILE)
/** Vite's own manifest: every chunk, those loaded on demand (`import()`) among them. */
const viteManifest =
  readJson<Record<string, { file: string; isDynamicEntry?: boolean; imports?: string[] }>>(
    '.vite/manifest.json',
  )

const gzipSizes = new Map<string, number>()
const gzipSize = (url: string) => {
  let size = gzipSizes.get(url)
  if (size === undefined) {
    size = gzipSync(readFileSync(join(CLIENT, url)), { level: 9 }).length
    gzipSizes.set(url, size)
  }
  return size
}
const sum = (files: Iterable<string>) =>
  [...files].reduce((total, file) => total + gzipSize(file), 0)
const kb = (bytes: number) => (bytes / 1024).toFixed(2)
const href = (link: string | { href: string }) => (typeof link === 'string' ? link : link.href)

const { __root__: root, ...routeEntries } = routerManifest.routes
const entryJs = [
  ...(root?.scripts ?? []).map((script) => String(script.attrs?.src)),
  ...(root?.preloads ?? []).map(href),
]
const entryCss = (root?.css ?? []).map(href)
const routes = Object.entries(routeEntries)
  .map(([route, files]) => ({
    route,
    js: sum((files.preloads ?? []).map(href)),
    css: sum((files.css ?? []).map(href)),
    files: (files.preloads ?? []).map(href),
  }))
  .sort((a, b) => a.route.localeCompare(b.route))

const home = routes.find((r) => r.route === '/')
const homeJs = sum(entryJs) + (home?.js ?? 0)
const homeCss = sum(entryCss) + (home?.css ?? 0)

// The chunks loaded by import() within a page (carousels, forms), not as a route of their own,
// with what they import beyond the entry.
const onPage = new Set([...entryJs, ...routes.flatMap((route) => route.files)])
const byKey = (key: string) => viteManifest[key]
const closure = (key: string, seen = new Set<string>()): Set<string> => {
  const chunk = byKey(key)
  if (!chunk || seen.has(`/${chunk.file}`)) return seen
  seen.add(`/${chunk.file}`)
  for (const imported of chunk.imports ?? []) closure(imported, seen)
  return seen
}
const lazy = Object.entries(viteManifest)
  .filter(([, chunk]) => chunk.isDynamicEntry && !onPage.has(`/${chunk.file}`))
  .map(([key]) => ({
    chunk: key,
    js: sum([...closure(key)].filter((file) => !entryJs.includes(file))),
  }))

console.log(
  '\nEntry (every route): JS %s KB, CSS %s KB (gzip)',
  kb(sum(entryJs)),
  kb(sum(entryCss)),
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
const heaviestJs = sum(entryJs) + (heaviest?.js ?? 0)
const routesOk = heaviestJs <= ROUTE_JS_BUDGET_KB * 1024
console.log(
  `Heaviest route (${heaviest?.route}): JS ${kb(heaviestJs)} KB (gzip); budget ${ROUTE_JS_BUDGET_KB} KB JS for every route: ${routesOk ? 'met' : 'OVER BUDGET'}\n`,
)

// The back office: its page's entry and what it imports, then each page's chunks beyond them.
const adminManifest = readJson<
  Record<string, { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] }>
>('.vite/admin-manifest.json')
const adminClosure = (key: string, seen = new Set<string>()): Set<string> => {
  const chunk = adminManifest[key]
  if (!chunk || seen.has(`/${chunk.file}`)) return seen
  seen.add(`/${chunk.file}`)
  for (const imported of chunk.imports ?? []) adminClosure(imported, seen)
  return seen
}
const adminEntryKey = Object.keys(adminManifest).find((key) => adminManifest[key]?.isEntry)
const adminStart = adminEntryKey ? adminClosure(adminEntryKey) : new Set<string>()
const adminPages = Object.entries(adminManifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry && key.includes('-page.'))
  .map(([key]) => ({
    page: key,
    js: sum([...adminClosure(key)].filter((file) => !adminStart.has(file))),
  }))
const adminStartJs = sum(adminStart)
console.log('Back office (admin/): its start JS %s KB (gzip); each page adds:', kb(adminStartJs))
console.table(adminPages.map((p) => ({ page: p.page, js: kb(p.js) })))
const adminHeaviest = Math.max(0, ...adminPages.map((p) => p.js))
// The back office's chunks are named admin-*: none may be among what a shopper's page loads.
const shopperFiles = [...onPage, ...lazy.flatMap((l) => [...closure(l.chunk)])]
const leaked = shopperFiles.filter((file) => file.includes('/admin-'))
const adminOk =
  adminEntryKey !== undefined &&
  adminStartJs <= BACK_OFFICE_START_BUDGET_KB * 1024 &&
  adminStartJs + adminHeaviest <= BACK_OFFICE_PAGE_BUDGET_KB * 1024 &&
  leaked.length === 0
console.log(
  `Back office: start JS ${kb(adminStartJs)} KB (budget ${BACK_OFFICE_START_BUDGET_KB} KB), heaviest page with its start ${kb(adminStartJs + adminHeaviest)} KB (budget ${BACK_OFFICE_PAGE_BUDGET_KB} KB); its files among a shopper's: ${leaked.length === 0 ? 'none' : leaked.join(', ')}: ${adminOk ? 'met' : 'OVER BUDGET'}\n`,
)
process.exitCode = homeOk && routesOk && adminOk ? 0 : 1
