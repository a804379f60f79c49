/**
 * `npm run bench:ssr`: what rendering pages on the server costs, on loopback, one process.
 *
 * 1. Pages per second and p50/p99 of `/`, `/products`, `/product/1`, `/product/45` and
 *    `/product/107` (one without options and one with 14 variants, both showing the same related
 *    products, so the difference is the options alone) and `/search?q=phone` at 16
 *    concurrent connections (autocannon, BENCH_SECONDS each after a 2 s warm-up) against the real
 *    server (`server/main.ts`) in its own process: once as shoppers get them (each URL rendered
 *    once, then served from the server's page cache, as a CDN would too), which the budget is
 *    about (`/product/1` at least 300 pages/s with p99 under 50 ms), and once rendered for every
 *    request (a query parameter of its own each time, which no route reads): what a render costs,
 *    and what a page nobody asked for yet, or a cache-busting crawler, gets.
 * 2. Memory over 10,000 renders in this process: the built server entry renders the pages
 *    in turn, a new router, QueryClient and Jotai store each time; the heap after a full GC is
 *    read every 2,500 renders, and must stay flat (nothing one render keeps for the next).
 *
 * `--no-build` measures the existing dist/ (DIST_DIR). Exits non-zero when a target is missed.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { loadConfig } from '../server/config.ts'
import { startApi } from '../server/runtime.ts'
import { loadAppServer } from '../server/pages/app-server.ts'
import { apiFetcher } from '../server/pages/render-api.ts'
import { BROWSER_ENCODING } from '../testing/mixed-load.ts'
import { startServerProcess } from '../testing/server-process.ts'

// /product/107 is sold in 14 variants (sizes and colours), /product/45 in none; their related
// products are the same three (catalogue.api.ts relatedOffset), so the pair isolates the options.
const PAGES = ['/', '/products', '/product/1', '/product/45', '/product/107', '/search?q=phone']
const OPTIONS_PAIR = { without: '/product/45', with: '/product/107' }
const CONNECTIONS = 16
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const TARGET = { page: '/product/1', pagesPerSecond: 300, p99Ms: 50 }
const RENDERS = 10_000
const HEAP_GROWTH_LIMIT_MB = 8
const DIST = process.env.DIST_DIR || 'dist'

if (typeof global.gc !== 'function') {
  console.error('Run with --expose-gc (npm run bench:ssr does).')
  process.exit(2)
}
const gc = global.gc

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-ssr-'))

// --- 1. throughput and latency ---

interface Row {
  page: string
  how: string
  'pages/s': number
  'p50 ms': number
  'p99 ms': number
  errors: number
}

const rows: Row[] = []
const server = startServerProcess({ DATA_DIR: dataDir, DIST_DIR: DIST })
try {
  const base = await server.url
  let unique = 0
  const run = (path: string, fresh: boolean, duration: number) =>
    autocannon({
      url: base,
      connections: CONNECTIONS,
      duration,
      headers: { ...BROWSER_ENCODING, accept: 'text/html' },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            path: fresh ? `${path}${path.includes('?') ? '&' : '?'}bench=${unique++}` : path,
          }),
        },
      ],
    })
  for (const page of PAGES) {
    for (const fresh of [false, true]) {
      await run(page, fresh, 2) // warm-up: JIT, the API's own caches
      const result = await run(page, fresh, seconds)
      rows.push({
        page,
        how: fresh ? 'rendered each time' : 'page cache',
        'pages/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      })
    }
  }
} finally {
  server.child.kill('SIGTERM')
  await server.exited
}

console.log(
  `\nServer rendering on loopback: ${CONNECTIONS} connections, ${seconds} s per run, one process`,
)
console.table(rows)
const target = rows.find((row) => row.page === TARGET.page && row.how === 'page cache')
const rendered = rows.find((row) => row.page === TARGET.page && row.how === 'rendered each time')
const throughputOk =
  target !== undefined &&
  target['pages/s'] >= TARGET.pagesPerSecond &&
  target['p99 ms'] <= TARGET.p99Ms &&
  rows.every((row) => row.errors === 0)
console.log(
  `${TARGET.page} as shoppers get it: ${target?.['pages/s']} pages/s, p99 ${target?.['p99 ms']} ms ` +
    `(target >= ${TARGET.pagesPerSecond} pages/s, p99 <= ${TARGET.p99Ms} ms): ${throughputOk ? 'met' : 'MISSED'}`,
)
const renderedOk =
  rendered !== undefined &&
  rendered['pages/s'] >= TARGET.pagesPerSecond &&
  rendered['p99 ms'] <= TARGET.p99Ms
console.log(
  `Without the page cache (rendered each time): ${rendered?.['pages/s']} pages/s, p99 ${rendered?.['p99 ms']} ms: ` +
    (renderedOk ? 'renders alone meet the target' : 'the page cache is needed to meet the target'),
)

const renderedEach = (page: string) =>
  rows.find((row) => row.page === page && row.how === 'rendered each time')?.['pages/s'] ?? 0
const [withOptions, without] = [renderedEach(OPTIONS_PAIR.with), renderedEach(OPTIONS_PAIR.without)]
console.log(
  `A product with options (${OPTIONS_PAIR.with}) against one without (${OPTIONS_PAIR.without}), ` +
    `rendered each time: ${withOptions} against ${without} pages/s ` +
    `(${(((withOptions - without) / without) * 100).toFixed(1)}%)`,
)

// --- 2. memory over many renders ---

process.env.NODE_ENV = 'production'
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DIST_DIR: DIST })
const api = await startApi(config)
const app = await loadAppServer(config.distDir, { fetchApi: apiFetcher(api.app, false) })
if (!app) throw new Error(`${DIST} has no server entry: build first`)

const heapMb = () => {
  gc()
  gc()
  return process.memoryUsage().heapUsed / 2 ** 20
}
const readings: { renders: number; 'heap MB': number }[] = []
for (let rendered = 0; rendered <= RENDERS; rendered++) {
  if (rendered % 2_500 === 0)
    readings.push({ renders: rendered, 'heap MB': Number(heapMb().toFixed(1)) })
  if (rendered === RENDERS) break
  const page = PAGES[rendered % PAGES.length] ?? '/'
  const { response } = await app.render(new Request(`http://bench.test${page}`))
  await response.text()
  // Back to the event loop between renders, as a server's requests arrive: with the in-process API
  // a render needs no I/O, and without this all 10,000 run in one job, whose WeakRef targets V8
  // keeps until the job ends (every render's router, through React's abort listener: +80 KB each).
  await new Promise((resolve) => setImmediate(resolve))
}
await api.close()
rmSync(dataDir, { recursive: true, force: true })

console.log(`\nHeap after a full GC over ${RENDERS} renders (the pages in turn), in this process:`)
console.table(readings)
// The first 2,500 renders warm the JIT and the API's answer cache; from there it must stay flat.
const warm = readings[1]?.['heap MB'] ?? 0
const last = readings.at(-1)?.['heap MB'] ?? 0
const memoryOk = last - warm <= HEAP_GROWTH_LIMIT_MB
console.log(
  `Growth from 2,500 to ${RENDERS} renders: ${(last - warm).toFixed(1)} MB ` +
    `(limit ${HEAP_GROWTH_LIMIT_MB} MB): ${memoryOk ? 'flat' : 'GROWING'}\n`,
)

process.exitCode = throughputOk && memoryOk ? 0 : 1
