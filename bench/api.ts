/**
 * `npm run bench:api`: bounded load tests of the API on loopback, against the real server
 * (`server/main.ts`) in its own processes, driven by autocannon from this one.
 *
 * 1. Catalogue endpoints, one at a time, against their targets (decisions.md § Operations): at
 *    least 5,000 requests/s and p99 under 20 ms each, on a 2-core machine (the exit code says).
 * 2. The mixed load of server/load.test.ts (catalogue reads beside logins and registrations, whose
 *    scrypt work is meant to be expensive), against its budget: catalogue reads keep p99 under
 *    20 ms (the exit code says). The test checks what the server does under it; this, how fast.
 * 3. Storage and replicas: registrations, logins and catalogue reads per second with their p99,
 *    for SQLite with one replica, PostgreSQL with one, and PostgreSQL with two sharing it (a
 *    throw-away cluster, testing/postgres-cluster.ts: Debian's server, or npm's where it is absent).
 *    Reported, not judged.
 *
 * BENCH_SECONDS (default 10) sets the measured duration of each run; BENCH_CONNECTIONS (default
 * 10) the concurrent connections of catalogue runs. Requests carry a browser's Accept-Encoding.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon, { type Options, type Result } from 'autocannon'
import {
  BROWSER_ENCODING,
  CATALOGUE_REQUESTS,
  failures,
  JSON_POST,
  LOGIN_BODY,
  MIXED_LOAD_ENV,
  mixedLoad,
  REGISTRATION_REQUESTS,
} from '../testing/mixed-load.ts'
import { startPostgresCluster } from '../testing/postgres-cluster.ts'
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts'

const ENDPOINTS = ['/api/products?limit=30', '/api/products/search?q=phone', '/api/products/1']
const TARGET_RPS = 5_000
const TARGET_P99_MS = 20
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const SECRET = 'bench-secret-shared-by-every-replica-0123456789'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-bench-'))
  dirs.push(dir)
  return dir
}

/** Replicas of the server on their own ports, with the given storage settings. */
async function startReplicas(count: number, env: Record<string, string>) {
  const replicas: ServerProcess[] = Array.from({ length: count }, () =>
    startServerProcess({ DATA_DIR: tempDir(), DATABASE_URL: '', ...MIXED_LOAD_ENV, ...env }),
  )
  const bases = await Promise.all(replicas.map((replica) => replica.url))
  const stop = async () => {
    for (const replica of replicas) replica.child.kill('SIGTERM')
    await Promise.all(replicas.map((replica) => replica.exited))
  }
  return { bases, stop }
}

interface Figure {
  rps: number
  p50: number
  p99: number
  failed: number
}

/**
 * One kind of request against every replica at once, the connections split between them: the
 * requests per second of all together, and the worse replica's latencies.
 */
async function measure(
  bases: string[],
  request: Partial<Options> & { path?: string },
  totalConnections: number,
  duration: number,
): Promise<Figure> {
  const { path = '', ...options } = request
  const results: Result[] = await Promise.all(
    bases.map((base) =>
      autocannon({
        headers: BROWSER_ENCODING,
        ...options,
        url: `${base}${path}`,
        connections: Math.max(1, Math.round(totalConnections / bases.length)),
        duration,
      }),
    ),
  )
  return {
    rps: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    failed: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
  }
}

// --- 1. catalogue endpoints (SQLite, one replica) ---

interface EndpointRow extends Figure {
  endpoint: string
  ok: boolean
}

const endpointRows: EndpointRow[] = []
{
  const { bases, stop } = await startReplicas(1, {})
  const request = {
    headers: {
      'accept-encoding': process.env.BENCH_ENCODING ?? BROWSER_ENCODING['accept-encoding'],
    },
  }
  try {
    for (const endpoint of ENDPOINTS) {
      await measure(bases, { ...request, path: endpoint }, connections, 2) // warm-up: JIT, caches
      const figure = await measure(bases, { ...request, path: endpoint }, connections, seconds)
      endpointRows.push({
        endpoint,
        ...figure,
        ok: figure.rps >= TARGET_RPS && figure.p99 < TARGET_P99_MS && figure.failed === 0,
      })
    }
  } finally {
    await stop()
  }
}

console.log(`\nCatalogue API on loopback: ${connections} connections, ${seconds} s per endpoint`)
console.log(`Targets: >= ${TARGET_RPS} requests/s and p99 < ${TARGET_P99_MS} ms\n`)
console.table(
  endpointRows.map((r) => ({
    endpoint: r.endpoint,
    'requests/s': r.rps,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    errors: r.failed,
    target: r.ok ? 'met' : 'MISSED',
  })),
)

// --- 2. the mixed load (SQLite, one replica) ---

let mixedOk = false
{
  const { bases, stop } = await startReplicas(1, {})
  try {
    const [base = ''] = bases
    await mixedLoad(base, 1) // warm-up: connections, JIT, cached answers
    const { catalogue, logins, registrations } = await mixedLoad(base, seconds)
    const failed = [catalogue, logins, registrations].reduce((sum, r) => sum + failures(r), 0)
    mixedOk = catalogue.latency.p99 < TARGET_P99_MS && failed === 0
    console.log(
      `\nMixed load, ${seconds} s: catalogue reads on 8 connections beside logins and ` +
        `registrations on 2 each. Budget: catalogue p99 < ${TARGET_P99_MS} ms\n`,
    )
    console.table([
      {
        'catalogue reads/s': Math.round(catalogue.requests.average),
        'catalogue p50 ms': catalogue.latency.p50,
        'catalogue p99 ms': catalogue.latency.p99,
        'logins p99 ms': logins.latency.p99,
        'registrations p99 ms': registrations.latency.p99,
        errors: failed,
        budget: mixedOk ? 'met' : 'MISSED',
      },
    ])
  } finally {
    await stop()
  }
}

// --- 3. storage and replicas ---

const SETUPS = [
  { name: 'SQLite, 1 replica', replicas: 1, postgres: false },
  { name: 'PostgreSQL, 1 replica', replicas: 1, postgres: true },
  { name: 'PostgreSQL, 2 replicas', replicas: 2, postgres: true },
]

// Logins are all the demo shopper's: at most 4 at once, well under the throttle's 10 attempts.
const KINDS = {
  registrations: {
    request: { path: '/api/users/add', ...JSON_POST, requests: REGISTRATION_REQUESTS },
    connections: 4,
  },
  logins: { request: { path: '/api/auth/login', ...JSON_POST, body: LOGIN_BODY }, connections: 4 },
  'catalogue reads': { request: { requests: CATALOGUE_REQUESTS }, connections },
} as const

const cluster = await startPostgresCluster()
const setupRows: Record<string, string | number>[] = []
try {
  for (const setup of SETUPS) {
    const env: Record<string, string> = setup.postgres
      ? { DATABASE_URL: await cluster.createDatabase(), JWT_SECRET: SECRET }
      : {}
    const { bases, stop } = await startReplicas(setup.replicas, env)
    try {
      const row: Record<string, string | number> = { setup: setup.name }
      for (const [kind, { request, connections: total }] of Object.entries(KINDS)) {
        await measure(bases, request, total, 2) // warm-up
        const figure = await measure(bases, request, total, seconds)
        row[`${kind}/s`] = figure.rps
        row[`${kind} p99 ms`] = figure.p99
        if (figure.failed > 0) row[`${kind} failed`] = figure.failed
      }
      setupRows.push(row)
    } finally {
      await stop()
    }
  }
} finally {
  await cluster.stop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
}

console.log(
  `\nStorage and replicas: ${seconds} s per kind of request, each kind alone; ` +
    `registrations and logins on 4 connections, catalogue reads on ${connections} ` +
    `(five listing, search and product URLs), split between the replicas`,
)
console.table(setupRows)

process.exitCode = endpointRows.every((r) => r.ok) && mixedOk ? 0 : 1
