/**
 * `npm run bench:limits`: what an attacker's requests cost the real server (`server/main.ts`, in
 * its own process), against the budgets of decisions.md § Search limits and § Operations:
 *
 * 1. one search of 2,000 characters (random words, a new query each time, so no cached answer):
 *    its time, median and worst of 20. Budget: 50 ms.
 * 2. `/api/health` while 40 such queries run, 20 at a time: its p99 over a request every 10 ms.
 *    Budget: 50 ms.
 * 3. the server's resident memory before and after 300 distinct whole lists
 *    (`/api/products?limit=0&skip=…&sortBy=price&order=…`, brotli as browsers ask). Budget: 64 MiB
 *    of growth.
 * 4. a correct sign-in while 120 registrations run, 24 at a time, each from an address of its own
 *    (127.0.1.x, so no per-address limit stops them): its p99 over one sign-in after another.
 *    Budget: 200 ms.
 * 5. `/robots.txt` while 300 pages are asked for with a parameter no route reads
 *    (`/products?utm=<unique>`), 10 at a time: its median over a request every 10 ms. Budget: 10 ms.
 * 6. the denial of inventory (decisions.md § Client limits): the units one address takes with the
 *    review's drain (testing/orders.ts `drainFrom`), then ten addresses at once; and the
 *    confirmations 30 guest orders from one address send one stranger. Budgets: 100 units an
 *    address, 5 mails.
 * 7. registrations from one address: a classroom of 40, 8 at a time (budget: all 40 made), and
 *    an attacker's 100 at once (budget: at most 75 made).
 *
 * `--baseline <dir>` runs the same against another checkout of the project (a `git worktree` of
 * an earlier commit, its `node_modules` beside it), alternately with this one, ROUNDS times
 * (default 3): this machine's speed drifts, so the two are compared within one run. The exit code
 * says whether this checkout met every budget.
 */
import { readFileSync } from 'node:fs'
import { baselineCheckout, serveCheckout } from './checkouts.ts'
import { postJsonFrom, requestFrom } from '../testing/from-address.ts'
import { drainFrom, orderBody, orderFrom, unitsInShop } from '../testing/orders.ts'

const BUDGET = {
  longQueryMs: 50,
  healthP99Ms: 50,
  memoryMiB: 64,
  signInP99Ms: 200,
  robotsP50Ms: 10,
  drainUnitsPerAddress: 100,
  strangerMails: 5,
  classroom: 40,
  attackerRegistrations: 75,
}
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
  'sign-in p50 ms': number
  'sign-in p99 ms': number
  'sign-ins status': string
  'robots p50 ms': number
  'robots p99 ms': number
  'junk pages/s': number
  'drain 1 address units': number
  'drain 10 addresses units': number
  'shop left %': number
  'mails to 1 stranger': number
  'classroom made of 40': number
  'attacker made of 100': number
}

/** Times `work` again and again, `pauseMs` apart, until `running()` says stop. */
async function sampleWhile(running: () => boolean, pauseMs: number, work: () => Promise<string>) {
  const times: number[] = []
  const statuses = new Set<string>()
  while (running()) {
    const started = performance.now()
    statuses.add(await work())
    times.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, pauseMs))
  }
  return { times, statuses }
}

/** `total` calls of `work(i)`, `concurrency` at a time. */
async function inBatches(
  total: number,
  concurrency: number,
  work: (i: number) => Promise<unknown>,
) {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await work(next++)
    }),
  )
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
        Array.from({ length: 10 }, (_, j) => {
          // 300 distinct answers (a parameter the API does not read would make them one).
          const n = i + j
          const order = n < 150 ? 'asc' : 'desc'
          return timed(`${base}/api/products?limit=0&skip=${n % 150}&sortBy=price&order=${order}`, {
            'accept-encoding': 'br',
          })
        }),
      )
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const after = rssMiB(pid)

    // 4. a sign-in while registrations run, each from an address of its own
    const direct = base.replace('localhost', '127.0.0.1')
    let registering = true
    const signIns = sampleWhile(
      () => registering,
      20,
      async () =>
        String(
          (
            await postJsonFrom('127.0.2.1', `${direct}/api/auth/login`, {
              username: 'emilys',
              password: 'emilyspass',
            })
          ).status,
        ),
    )
    const run = Date.now().toString(36)
    await inBatches(120, 24, (i) =>
      postJsonFrom(`127.0.1.${i + 1}`, `${direct}/api/users/add`, {
        username: `bench${run}x${i}`,
        email: `bench${run}x${i}@example.com`,
        firstName: 'Bench',
        lastName: 'Mark',
        password: 'S3cret-pass',
      }),
    )
    registering = false
    const signedIn = await signIns

    // 5. robots.txt while pages with junk parameters are asked for
    let flooding = true
    const robots = sampleWhile(
      () => flooding,
      10,
      async () => (await timed(`${base}/robots.txt`)).status,
    )
    const floodStarted = performance.now()
    await inBatches(300, 10, (i) =>
      requestFrom('127.0.3.1', `${direct}/products?utm=${run}${i}`, {
        headers: { Accept: 'text/html' },
      }),
    )
    const floodMs = performance.now() - floodStarted
    flooding = false
    const robotsTimes = (await robots).times

    // 6. one stranger's mailbox, then the drain: one address, then ten at once
    let strangerMails = 0
    for (let i = 0; i < 30; i++) {
      const res = await orderFrom('127.0.5.1', direct, {
        ...orderBody(53),
        email: 'stranger@example.org',
      })
      if (res.status === 201) strangerMails++
    }
    const shopBefore = await unitsInShop(direct)
    const one = await drainFrom('127.0.4.1', direct)
    const ten = (
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => drainFrom(`127.0.4.${10 + i}`, direct, i + 1)),
      )
    ).reduce((sum, units) => sum + units, 0)
    const shopLeft = await unitsInShop(direct)

    // 7. registrations from one address: a classroom, then an attacker
    const register = (from: string, name: string) =>
      postJsonFrom(from, `${direct}/api/users/add`, {
        username: name,
        email: `${name}@example.com`,
        firstName: 'Class',
        lastName: 'Room',
        password: 'S3cret-pass',
      })
    let classroom = 0
    for (let group = 0; group < 40; group += 8)
      for (const res of await Promise.all(
        Array.from({ length: 8 }, (_, i) => register('127.0.6.1', `pupil${run}x${group + i}`)),
      ))
        if (res.status === 201) classroom++
    const flood = await Promise.all(
      Array.from({ length: 100 }, (_, i) => register('127.0.6.2', `flood${run}x${i}`)),
    )
    const attacker = flood.filter((res) => res.status === 201).length

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
      'sign-in p50 ms': round(percentile(signedIn.times, 50)),
      'sign-in p99 ms': round(percentile(signedIn.times, 99)),
      'sign-ins status': [...signedIn.statuses].join(','),
      'robots p50 ms': round(percentile(robotsTimes, 50)),
      'robots p99 ms': round(percentile(robotsTimes, 99)),
      'junk pages/s': Math.round((300 / floodMs) * 1000),
      'drain 1 address units': one,
      'drain 10 addresses units': ten,
      'shop left %': Math.round((shopLeft / shopBefore) * 1000) / 10,
      'mails to 1 stranger': strangerMails,
      'classroom made of 40': classroom,
      'attacker made of 100': attacker,
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
    `${BUDGET.memoryMiB} MiB; a sign-in's p99 <= ${BUDGET.signInP99Ms} ms while 120 ` +
    `registrations run, 24 at a time; /robots.txt's median <= ${BUDGET.robotsP50Ms} ms while ` +
    `300 pages with junk parameters are asked for; the drain takes <= ` +
    `${BUDGET.drainUnitsPerAddress} units an address; one stranger gets <= ${BUDGET.strangerMails} ` +
    `order mails; a classroom makes all ${BUDGET.classroom} accounts, an attacker <= ` +
    `${BUDGET.attackerRegistrations} of 100. ${ROUNDS} rounds${baselineDir ? ', alternately' : ''}.\n`,
)
console.table(rows)
const ours = rows.filter((row) => row.build === 'this checkout')
const met = ours.every(
  (row) =>
    row['long query worst ms'] <= BUDGET.longQueryMs &&
    row['health p99 ms'] <= BUDGET.healthP99Ms &&
    row['memory growth MiB'] <= BUDGET.memoryMiB &&
    row['sign-in p99 ms'] <= BUDGET.signInP99Ms &&
    row['sign-ins status'] === '200' &&
    row['robots p50 ms'] <= BUDGET.robotsP50Ms &&
    row['drain 1 address units'] <= BUDGET.drainUnitsPerAddress &&
    row['drain 10 addresses units'] <= 10 * BUDGET.drainUnitsPerAddress &&
    row['mails to 1 stranger'] <= BUDGET.strangerMails &&
    row['classroom made of 40'] === BUDGET.classroom &&
    row['attacker made of 100'] <= BUDGET.attackerRegistrations,
)
console.log(met ? 'Every budget met by this checkout.' : 'A budget was MISSED by this checkout.')
process.exitCode = met ? 0 : 1
