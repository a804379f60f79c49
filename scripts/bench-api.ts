/**
 * `npm run bench:api`: a bounded load test of the catalogue API on loopback. It starts the real
 * server (`server/main.ts`) in its own process, drives it with autocannon from this one, and
 * reports requests/s and latency percentiles per endpoint against the targets of the catalogue
 * server issue: at least 5,000 requests/s and p99 under 20 ms each, on a 2-core machine.
 *
 * BENCH_SECONDS (default 10) sets the measured duration per endpoint; BENCH_CONNECTIONS (default 10)
 * the concurrent connections. Requests carry a browser's Accept-Encoding, as real shoppers' do.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { startServerProcess } from './server-process.ts'

const ENDPOINTS = ['/api/products?limit=30', '/api/products/search?q=phone', '/api/products/1']
const TARGET_RPS = 5_000
const TARGET_P99_MS = 20
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)

const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-'))
const server = startServerProcess({ DATA_DIR: dataDir })
const baseUrl = await server.url

const run = (path: string, duration: number) =>
  autocannon({
    url: `${baseUrl}${path}`,
    connections,
    duration,
    headers: { 'accept-encoding': process.env.BENCH_ENCODING ?? 'gzip, deflate, br, zstd' },
  })

interface Row {
  endpoint: string
  rps: number
  p50: number
  p99: number
  errors: number
  ok: boolean
}

const rows: Row[] = []
try {
  for (const endpoint of ENDPOINTS) {
    await run(endpoint, 2) // warm-up: JIT, response cache, compressed variants
    const result = await run(endpoint, seconds)
    const errors = result.errors + result.timeouts + result.non2xx
    const row = {
      endpoint,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors,
    }
    rows.push({ ...row, ok: row.rps >= TARGET_RPS && row.p99 < TARGET_P99_MS && errors === 0 })
  }
} finally {
  server.child.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}

console.log(`\nCatalogue API on loopback: ${connections} connections, ${seconds} s per endpoint`)
console.log(`Targets: >= ${TARGET_RPS} requests/s and p99 < ${TARGET_P99_MS} ms\n`)
console.table(
  rows.map((r) => ({
    endpoint: r.endpoint,
    'requests/s': r.rps,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    errors: r.errors,
    target: r.ok ? 'met' : 'MISSED',
  })),
)
process.exitCode = rows.every((r) => r.ok) ? 0 : 1
