/**
 * `npm run bench:orders`: orders against the real server (`server/main.ts`, as `npm start` runs it,
 * after building the app as `npm start` does when its build is stale), in processes of its own,
 * with the orders' budgets (docs/performance.md § Benchmarks):
 *
 * (a) single-line orders at 16 concurrent (autocannon, 16 connections; each order a new
 *     Idempotency-Key, one unit of one of eight products with ample stock), BENCH_SECONDS
 *     (default 10) after 2 s of warm-up: orders/s and p99, on SQLite (`npm start`'s defaults: one
 *     process, its mail to `.eml` files) and on two replicas sharing one PostgreSQL (8 connections
 *     each; a throw-away cluster, testing/postgres-cluster.ts). Budget: p99 ≤ 100 ms, all 201.
 * (b) contention: 200 orders of one unit at once for one product with 20 in stock, half on each of
 *     the two PostgreSQL replicas, ROUNDS times (default 5) after one round of warm-up: exactly 20
 *     sold each round (20 answered 201, 180 409, the level 0), and p99 ≤ 250 ms over all rounds.
 * (c) freshness: an order of one unit on replica A, then replica B asked again and again (its
 *     product answer, and its product page) until it shows the level the order left: the time
 *     from the order's 201 to that, FRESHNESS_SAMPLES times (default 20). Budget: ≤ 2 s, the worst.
 * (d) statements: PostgreSQL's own log (`log_statement = all`) while 20 single-line orders are
 *     placed one after another on replica A, until each is mailed and B shows the level: every
 *     statement of the cluster in that window (the orders', the mailers' claims and marks, B's
 *     reaction, and whatever else ran), per order; from 20 addresses of their own (each order draws
 *     on its client's allowances), then from this trusted process (it draws on none). Budget: ≤ 8.
 *
 * `--baseline <checkout>` (a `git worktree` of an earlier commit, built, with its `node_modules`)
 * runs (a), (b) and (d) on PostgreSQL against that checkout's own replicas too, alternately with
 * this one's, twice each, on a database of its own each time: this machine's speed drifts.
 *
 * The figures are this machine's: it prints its cores and CPU. The exit code says whether every
 * budget was met.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import postgres from 'postgres'
import {
  newOrderKey,
  orderBody,
  orderFrom,
  placeOrder,
  productOf,
  setStock,
} from '../testing/orders.ts'
import { startPostgresCluster } from '../testing/postgres-cluster.ts'
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts'
import { baselineCheckout } from './checkouts.ts'

const BUDGET = { concurrentP99Ms: 100, contentionP99Ms: 250, freshnessMs: 2000, statements: 8 }
const baselineDir = baselineCheckout()
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const ROUNDS = Number(process.env.ROUNDS ?? 5)
const SAMPLES = Number(process.env.FRESHNESS_SAMPLES ?? 20)
const ADMIN_TOKEN = process.env.ADMIN_TOKEN ?? `bench-orders-admin-${process.pid}-0123456789`
const SECRET = 'bench-secret-shared-by-every-replica-0123456789'

/** Products sold without options: (a) spreads its orders over these, (b) and (c) take one each. */
const SPREAD = [1, 2, 4, 7, 12, 16, 20, 21]
const RACED = 23
const WATCHED = 28

// As `npm start` does: the app's pages need its build (c), which is made when missing or stale.
const built = spawnSync(process.execPath, ['--experimental-strip-types', 'build/ensure-build.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
})
if (built.status !== 0) process.exit(built.status ?? 1)

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-bench-orders-'))
  dirs.push(dir)
  return dir
}

/**
 * Replicas of the server on their own ports, with the operator's token and these settings. This
 * process, which sends every order, is a trusted client: the bounds on one address's orders are
 * not what this measures.
 */
async function startReplicas(count: number, env: Record<string, string>, cwd?: string) {
  const replicas: ServerProcess[] = Array.from({ length: count }, () =>
    startServerProcess(
      {
        DATA_DIR: tempDir(),
        DATABASE_URL: '',
        ADMIN_TOKEN,
        TRUSTED_CLIENTS: '127.0.0.1, ::1',
        ...env,
      },
      { cwd },
    ),
  )
  const bases = await Promise.all(replicas.map((replica) => replica.url))
  const stop = async () => {
    for (const replica of replicas) replica.child.kill('SIGTERM')
    await Promise.all(replicas.map((replica) => replica.exited))
  }
  return { bases, stop }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}
const round = (ms: number) => Math.round(ms * 10) / 10

// --- (a) single-line orders, 16 concurrent ---

interface ConcurrentRow {
  setup: string
  'orders/s': number
  'p50 ms': number
  'p99 ms': number
  failed: number
  budget: string
}

/** 16 connections of orders, split between the replicas: together their orders/s, the worse p99. */
async function ordersAt16(bases: string[], duration: number) {
  let n = 0
  const results = await Promise.all(
    bases.map((base) =>
      autocannon({
        url: `${base}/api/orders`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        connections: 16 / bases.length,
        duration,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, 'idempotency-key': newOrderKey() },
              body: JSON.stringify(orderBody(SPREAD[n++ % SPREAD.length] ?? 1)),
            }),
          },
        ],
      }),
    ),
  )
  const failed = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0)
  return {
    rps: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    failed,
  }
}

async function concurrentOrders(setup: string, bases: string[]): Promise<ConcurrentRow> {
  for (const productId of SPREAD) await setStock(bases[0] ?? '', ADMIN_TOKEN, productId, 1_000_000)
  await ordersAt16(bases, 2) // warm-up: connections, JIT, the pool
  const figure = await ordersAt16(bases, seconds)
  const met = figure.p99 <= BUDGET.concurrentP99Ms && figure.failed === 0
  return {
    setup,
    'orders/s': figure.rps,
    'p50 ms': figure.p50,
    'p99 ms': figure.p99,
    failed: figure.failed,
    budget: met ? 'met' : 'MISSED',
  }
}

// --- (b) 200 orders racing for 20 units ---

/** One race: 200 orders at once, alternately on each replica; each one's time and status. */
async function race(bases: string[]) {
  await setStock(bases[0] ?? '', ADMIN_TOKEN, RACED, 20)
  return Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      const started = performance.now()
      const res = await placeOrder(bases[i % bases.length] ?? '', orderBody(RACED))
      await res.arrayBuffer()
      return { ms: performance.now() - started, status: res.status }
    }),
  )
}

async function contention(bases: string[], databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined })
  try {
    await race(bases) // warm-up: the connections a burst of 200 opens, JIT
    const times: number[] = []
    const sold: string[] = []
    let other = 0
    for (let i = 0; i < ROUNDS; i++) {
      const answers = await race(bases)
      times.push(...answers.map((answer) => answer.ms))
      const [row] = await sql<{ level: number }[]>`
        SELECT level FROM stock WHERE product_id = ${RACED} AND sku = ''`
      const count = answers.filter((answer) => answer.status === 201).length
      sold.push(row?.level === 0 ? String(count) : `${count} (${row?.level} left)`)
      other += answers.filter((answer) => answer.status !== 201 && answer.status !== 409).length
    }
    const p99 = percentile(times, 99)
    const met =
      sold.every((count) => count === '20') && other === 0 && p99 <= BUDGET.contentionP99Ms
    return {
      rounds: ROUNDS,
      'sold each round': sold.join(', '),
      'not 201 or 409': other,
      'p50 ms': round(percentile(times, 50)),
      'p99 ms': round(p99),
      'worst ms': round(Math.max(...times)),
      budget: met ? 'met' : 'MISSED',
    }
  } finally {
    await sql.end()
  }
}

// --- (d) statements an order costs the cluster ---

/**
 * The statements the replicas' connections run (PostgreSQL's log with `log_statement = all` and
 * each line led by its connection's application name: the server's are `meridian`), simple
 * queries and executions alike; this bench's own probes are another application's.
 */
const STATEMENT = /^meridian\s.*LOG:\s+(statement|execute [^:]*):/gm

async function statementsPerOrder(
  [a = '', b = '']: string[],
  databaseUrl: string,
  output: () => string,
  trusted: boolean,
) {
  const sql = postgres(databaseUrl, {
    max: 1,
    onnotice: () => undefined,
    connection: { application_name: 'bench' },
  })
  const ORDERS = 20
  try {
    await sql`ALTER SYSTEM SET log_statement = 'all'`
    await sql`ALTER SYSTEM SET log_line_prefix = '%a '`
    await sql`SELECT pg_reload_conf()`
    // The window starts quiet: the mail of (a)'s and (b)'s thousands of orders sent first.
    const outboxEmpty = async () => {
      const [row] = await sql<{ n: number }[]>`
        SELECT count(*)::integer AS n FROM outbox WHERE sent_at IS NULL`
      return row?.n === 0
    }
    await until(outboxEmpty, 120_000)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const from = output().length
    for (let i = 0; i < ORDERS; i++) {
      // From an address of its own each (127.0.4.x: not TRUSTED_CLIENTS), as shoppers are, so
      // each order draws on its client's allowances; or from this trusted process.
      const body = { ...orderBody(WATCHED), email: `shopper${i}@example.com` }
      const { status } = trusted
        ? await placeOrder(a, body)
        : await orderFrom(`127.0.4.${i + 1}`, a.replace('localhost', '127.0.0.1'), body)
      if (status !== 201) throw new Error(`order ${i}: ${status}`)
    }
    // Until every order is mailed and B shows the level they left.
    const [{ level } = { level: -1 }] = await sql<{ level: number }[]>`
      SELECT level FROM stock WHERE product_id = ${WATCHED} AND sku = ''`
    await until(outboxEmpty, 10_000)
    await until(async () => (await productOf(b, WATCHED)).stock === level, 5_000)
    await new Promise((resolve) => setTimeout(resolve, 500))
    const counted = [...output().slice(from).matchAll(STATEMENT)].length
    const statements = counted / ORDERS
    return {
      clients: trusted ? 'this process (trusted)' : '20 addresses of their own',
      orders: ORDERS,
      'statements in the window': counted,
      'per order': round(statements),
      budget: statements <= BUDGET.statements ? 'met' : 'MISSED',
    }
  } finally {
    await sql`ALTER SYSTEM RESET log_statement`
    await sql`ALTER SYSTEM RESET log_line_prefix`
    await sql`SELECT pg_reload_conf()`
    await sql.end()
  }
}

// --- (c) freshness on the other replica ---

/** Asks `probe` again and again until it says yes: when it did, on performance.now()'s clock. */
async function until(probe: () => Promise<boolean>, deadlineMs: number) {
  const deadline = performance.now() + deadlineMs
  while (performance.now() < deadline) {
    if (await probe()) return performance.now()
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  return Infinity
}

async function freshness([a = '', b = '']: string[]) {
  const apiShows = (stock: number) => async () =>
    ((await (await fetch(`${b}/api/products/${WATCHED}`)).json()) as { stock: number }).stock ===
    stock
  // Under 10 a product page says "Only N left".
  const pageShows = (stock: number) => async () =>
    (await (await fetch(`${b}/product/${WATCHED}`)).text()).includes(`Only ${stock} left`)
  const seen = { 'product answer': [] as number[], 'product page': [] as number[] }
  for (let i = 0; i < SAMPLES; i++) {
    await setStock(a, ADMIN_TOKEN, WATCHED, 9)
    // B shows 9, from what it keeps (asked again: its cache).
    await until(apiShows(9), 5000)
    await until(pageShows(9), 5000)
    await fetch(`${b}/api/products/${WATCHED}`)
    await fetch(`${b}/product/${WATCHED}`)
    const res = await placeOrder(a, orderBody(WATCHED))
    if (res.status !== 201) throw new Error(`the order was answered ${res.status}`)
    const answered = performance.now()
    const [apiAt, pageAt] = await Promise.all([
      until(apiShows(8), 10_000),
      until(pageShows(8), 10_000),
    ])
    seen['product answer'].push(apiAt - answered)
    seen['product page'].push(pageAt - answered)
  }
  return Object.entries(seen).map(([what, times]) => ({
    'seen on B': what,
    samples: times.length,
    'p50 ms': round(percentile(times, 50)),
    'worst ms': round(Math.max(...times)),
    budget: Math.max(...times) <= BUDGET.freshnessMs ? 'met' : 'MISSED',
  }))
}

// --- runs ---

const concurrentRows: ConcurrentRow[] = []
let freshnessRows: Awaited<ReturnType<typeof freshness>> = []
{
  const { bases, stop } = await startReplicas(1, {})
  try {
    concurrentRows.push(await concurrentOrders('SQLite, 1 process', bases))
  } finally {
    await stop()
  }
}
const statementRows: ({ build: string } & Awaited<ReturnType<typeof statementsPerOrder>>)[] = []
const contentionRows: (Awaited<ReturnType<typeof contention>> & { build: string })[] = []
const cluster = await startPostgresCluster()
try {
  const checkouts = [
    { label: 'this checkout', cwd: undefined },
    ...(baselineDir ? [{ label: `baseline (${baselineDir})`, cwd: baselineDir }] : []),
  ]
  for (let round = 0; round < (baselineDir ? 2 : 1); round++)
    for (const { label, cwd } of checkouts) {
      const databaseUrl = await cluster.createDatabase()
      const env = { DATABASE_URL: databaseUrl, JWT_SECRET: SECRET }
      const { bases, stop } = await startReplicas(2, env, cwd)
      try {
        concurrentRows.push(await concurrentOrders(`PostgreSQL, 2 replicas: ${label}`, bases))
        contentionRows.push({ build: label, ...(await contention(bases, databaseUrl)) })
        for (const trusted of [false, true])
          statementRows.push({
            build: label,
            ...(await statementsPerOrder(bases, databaseUrl, () => cluster.output(), trusted)),
          })
        if (round === 0 && cwd === undefined) freshnessRows = await freshness(bases)
      } finally {
        await stop()
      }
    }
} finally {
  await cluster.stop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
}
const contentionRow = contentionRows.find((row) => row.build === 'this checkout')

const cpu = cpus()[0]?.model ?? 'unknown CPU'
console.log(`\nThis machine: ${availableParallelism()} cores, ${cpu}`)
console.log(
  `\n(a) Single-line orders, 16 concurrent, ${seconds} s. ` +
    `Budget: p99 <= ${BUDGET.concurrentP99Ms} ms, every one 201 (none failed)\n`,
)
console.table(concurrentRows)
console.log(
  `\n(b) 200 orders of one unit at once for 20 in stock, over two PostgreSQL replicas. ` +
    `Budget: exactly 20 sold, p99 <= ${BUDGET.contentionP99Ms} ms\n`,
)
console.table(contentionRows)
console.log(
  `\n(c) From an order's 201 on replica A until replica B shows its stock. ` +
    `Budget: <= ${BUDGET.freshnessMs} ms, the worst\n`,
)
console.table(freshnessRows)
console.log(
  `\n(d) Statements PostgreSQL logs while 20 orders are placed, mailed and seen on the other replica. ` +
    `Budget: <= ${BUDGET.statements} an order\n`,
)
console.table(statementRows)
const ours = <T extends { build?: string }>(rows: T[]) =>
  rows.filter((row) => (row.build ?? 'this checkout') === 'this checkout')
const met =
  concurrentRows
    .filter((row) => !row.setup.includes('baseline'))
    .every((row) => row.budget === 'met') &&
  contentionRow?.budget === 'met' &&
  freshnessRows.every((row) => row.budget === 'met') &&
  ours(statementRows).every((row) => row.budget === 'met')
console.log(met ? 'Every budget met.' : 'A budget was MISSED.')
process.exitCode = met ? 0 : 1
