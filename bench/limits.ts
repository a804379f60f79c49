/**
 * `npm run bench:limits`: what an attacker's requests cost the real server (`server/main.ts`, in
 * its own process), against the budgets of decisions.md § Search limits and § Operations:
 *
 * 1. one search of 2,000 characters (random words, a new query each time, so no cached answer):
 *    its time, median and worst of 20. Budget: 50 ms.
 * 2. `/api/health` while 40 such queries run, 20 at a time: its p99 over a request every 10 ms.
 *    Budget: 50 ms.
 * 3. the server's resident memory before and after 300 distinct whole lists
 *    (`/api/products?limit=0&v=…`, brotli as browsers ask). Budget: 64 MiB of growth.
 *
 * `--baseline <dir>` runs the same against another checkout of the project (a `git worktree` of
 * an earlier commit, its `node_modules` beside it), alternately with this one, ROUNDS times
 * (default 3): this machine's speed drifts, so the two are compared within one run. The exit code
 * says whether this checkout met every budget.
 */
import { readFileSync } from 'node:fs'
import { baselineCheckout, serveCheckout } from './checkouts.ts'

const BUDGET = { longQueryMs: 50, healthP99Ms: 50, memoryMiB: 64 }
const ROUNDS = Number(process.env.ROUNDS ?? 3)
const baselineDir = baselineCheckout()

const WORDS =
  'wireless headphones leather stainless bluetooth organic premium portable ceramic vintage phone laptop sofa lamp watch bag dress shoes perfume chair'.split(
    ' ',
  )
let seed = 1
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
  return seed / 2 ** 31
}
/** Random shop words, `length` characters, each query its own. */
function longQuery(length: number): string {
  let text = `${Math.floor(random() * 1e9)} `
  while (text.length < length) text += `${WORDS[Math.floor(random() * WORDS.length)]}x `
  return text.slice(0, length)
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}
const round = (ms: number) => Math.round(ms * 10) / 10

/** A request's time and status ('failed': no answer, e.g. a connection the server dropped). */
async function timed(url: string, headers?: Record<string, string>) {
  const started = performance.now()
  try {
    const res = await fetch(url, { headers })
    await res.arrayBuffer()
    return { ms: performance.now() - started, status: String(res.status) }
  } catch {
    return { ms: performance.now() - started, status: 'failed' }
  }
}

const rssMiB = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(match?.[1] ?? 0) / 1024
}

interface Row {
  build: string
  'long query median ms': number
  'long query worst ms': number
  'long query status': string
  'health p50 ms': number
  'health p99 ms': number
  'health worst ms': number
  '40 queries took ms': number
  '40 queries status': string
  'memory growth MiB': number
}

async function measure(label: string, cwd: string | undefined): Promise<Row> {
  const server = serveCheckout(cwd)
  try {
    const base = await server.url
    const search = (q: string) => `${base}/api/products/search?q=${encodeURIComponent(q)}`
    // Warm-up: connections, JIT, the search's first use.
    for (let i = 0; i < 5; i++) await timed(search(longQuery(200)))

    // 1. one long query at a time
    const single: number[] = []
    const statuses = new Set<string>()
    for (let i = 0; i < 20; i++) {
      const { ms, status } = await timed(search(longQuery(2000)))
      single.push(ms)
      statuses.add(status)
    }

    // 2. health while 40 long queries run, 20 at a time
    const queries = Array.from({ length: 40 }, () => longQuery(2000))
    const health: number[] = []
    const burstStatuses = new Set<string>()
    let running = true
    const poll = (async () => {
      while (running) {
        health.push((await timed(`${base}/api/health`)).ms)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })()
    const started = performance.now()
    for (let i = 0; i < queries.length; i += 20)
      for (const { status } of await Promise.all(
        queries.slice(i, i + 20).map((q) => timed(search(q))),
      ))
        burstStatuses.add(status)
    const burstMs = performance.now() - started
    running = false
    await poll

    // 3. memory after 300 distinct whole lists
    const pid = server.child.pid ?? 0
    await new Promise((resolve) => setTimeout(resolve, 500))
    const before = rssMiB(pid)
    for (let i = 0; i < 300; i += 10)
      await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          timed(`${base}/api/products?limit=0&v=${i + j}`, { 'accept-encoding': 'br' }),
        ),
      )
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const after = rssMiB(pid)

    return {
      build: label,
      'long query median ms': round(percentile(single, 50)),
      'long query worst ms': round(Math.max(...single)),
      'long query status': [...statuses].join(','),
      'health p50 ms': round(percentile(health, 50)),
      'health p99 ms': round(percentile(health, 99)),
      'health worst ms': round(Math.max(...health)),
      '40 queries took ms': Math.round(burstMs),
      '40 queries status': [...burstStatuses].join(','),
      'memory growth MiB': round(after - before),
    }
  } finally {
    await server.stop()
  }
}

const rows: Row[] = []
// Each row as it is measured: an earlier version may take minutes (its searches seconds each).
const add = (row: Row) => {
  rows.push(row)
  console.log(JSON.stringify(row))
}
for (let i = 0; i < ROUNDS; i++) {
  add(await measure('this checkout', undefined))
  if (baselineDir) add(await measure(`baseline (${baselineDir})`, baselineDir))
}

console.log(
  `\nBudgets: a 2,000-character query <= ${BUDGET.longQueryMs} ms; /api/health p99 <= ` +
    `${BUDGET.healthP99Ms} ms while 40 run, 20 at a time; 300 whole lists grow memory <= ` +
    `${BUDGET.memoryMiB} MiB. ${ROUNDS} rounds${baselineDir ? ', alternately' : ''}.\n`,
)
console.table(rows)
const ours = rows.filter((row) => row.build === 'this checkout')
const met = ours.every(
  (row) =>
    row['long query worst ms'] <= BUDGET.longQueryMs &&
    row['health p99 ms'] <= BUDGET.healthP99Ms &&
    row['memory growth MiB'] <= BUDGET.memoryMiB,
)
console.log(met ? 'Every budget met by this checkout.' : 'A budget was MISSED by this checkout.')
process.exitCode = met ? 0 : 1
