import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJsonFrom, requestFrom } from '../testing/from-address.ts'
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts'

/**
 * The limits that count per client, on the server as `npm start` runs it by default: facing its
 * clients with no proxy (no TRUST_PROXY), each client at an address of its own (127.0.0.x; all
 * of 127.0.0.0/8 is this machine), as shoppers and an attacker would be on a network.
 */

const METRICS_TOKEN = 'clients-test-metrics-token'
const dataDirs: string[] = []
const servers: ServerProcess[] = []

async function startServer(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-clients-'))
  dataDirs.push(dataDir)
  const server = startServerProcess(
    { DATA_DIR: dataDir, JWT_SECRET: '', DATABASE_URL: '', TRUST_PROXY: '', METRICS_TOKEN, ...env },
    { captureStderr: true },
  )
  servers.push(server)
  // By its address: `localhost` may name ::1 first, where a 127.0.0.x source cannot connect.
  return { url: (await server.url).replace('localhost', '127.0.0.1'), dataDir }
}

afterAll(async () => {
  for (const server of servers) {
    server.child.kill('SIGTERM')
    await server.exited
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

const signIn = (from: string, url: string, username: string, password: string) =>
  postJsonFrom(from, `${url}/api/auth/login`, { username, password })

describe('npm start, clients at distinct addresses (no proxy)', () => {
  let url: string
  let dataDir: string
  beforeAll(async () => {
    const server = await startServer()
    url = server.url
    dataDir = server.dataDir
  }, 30_000)

  it('lets an account’s owner sign in while another address has guessed its password 11 times', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push((await signIn('127.0.0.33', url, 'emilys', `wrong-${i}`)).status)
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 400), 429])
    expect((await signIn('127.0.0.44', url, 'emilys', 'emilyspass')).status).toBe(200)
    // The guesser stays refused.
    expect((await signIn('127.0.0.33', url, 'emilys', 'emilyspass')).status).toBe(429)
  }, 30_000)

  it('lets other addresses sign in while one address sprays made-up user names', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 25; i++)
      statuses.push((await signIn('127.0.0.3', url, `nobody${i}`, 'guess')).status)
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true)
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true)
    for (const from of ['127.0.0.1', '127.0.0.5'])
      expect((await signIn(from, url, 'emilys', 'emilyspass')).status, from).toBe(200)
  }, 30_000)

  it('counts each address’s reports against its own allowance', async () => {
    const report = { route: '/', build: 'b1', metrics: [{ name: 'LCP', value: 900 }] }
    const send = (from: string) => postJsonFrom(from, `${url}/api/vitals`, report)
    for (let i = 0; i < 30; i++) expect((await send('127.0.0.6')).status).toBe(204)
    expect((await send('127.0.0.6')).status).toBe(429)
    expect((await send('127.0.0.7')).status).toBe(204)
  }, 30_000)

  it('limits registrations per address', async () => {
    const register = (from: string, name: string) =>
      postJsonFrom(from, `${url}/api/users/add`, {
        username: name,
        email: `${name}@example.com`,
        firstName: 'Reg',
        lastName: 'Istered',
        password: 'S3cret-pass',
      })
    for (let i = 0; i < 10; i++) expect((await register('127.0.0.8', `reg8x${i}`)).status).toBe(201)
    const refused = await register('127.0.0.8', 'reg8x10')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await register('127.0.0.9', 'reg9x0')).status).toBe(201)
  }, 60_000)

  it('limits forgotten-password requests per address, and the mails an account gets from all of them', async () => {
    const forgot = (from: string, email: string) =>
      postJsonFrom(from, `${url}/api/auth/forgot-password`, { email })
    for (let i = 0; i < 10; i++)
      expect((await forgot('127.0.0.12', `nobody${i}@example.com`)).status).toBe(202)
    const refused = await forgot('127.0.0.12', 'nobody10@example.com')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // Seven addresses ask for one account's link: each gets the same answer, the account 5 mails.
    const email = 'emily.johnson@example.com'
    for (let i = 0; i < 7; i++) expect((await forgot(`127.0.0.${20 + i}`, email)).status).toBe(202)
    const mailsTo = () =>
      readdirSync(join(dataDir, 'outbox'))
        .filter((file) => file.endsWith('.eml'))
        .filter((file) =>
          readFileSync(join(dataDir, 'outbox', file), 'utf8').includes(`To: ${email}`),
        )
    await expect.poll(mailsTo, { timeout: 10_000 }).toHaveLength(5)
  }, 30_000)

  it('takes sign-in and registration as JSON only', async () => {
    for (const path of ['/api/auth/login', '/api/users/add']) {
      const res = await requestFrom('127.0.0.10', `${url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ username: 'emilys', password: 'emilyspass' }),
      })
      expect(res.status, path).toBe(415)
    }
  })

  it('answers a Host naming another port 421, its own port and no port as before', async () => {
    const { port } = new URL(url)
    const status = async (host: string) =>
      (await requestFrom('127.0.0.11', `${url}/api/products/1`, { headers: { Host: host } })).status
    expect(await status('127.0.0.1:6666')).toBe(421)
    expect(await status('localhost:6666')).toBe(421)
    expect(await status(`127.0.0.1:${port}`)).toBe(200)
    expect(await status(`localhost:${port}`)).toBe(200)
    expect(await status('localhost')).toBe(200)
  })

  it('keeps one answer for addresses that differ only in parameters the API does not read', async () => {
    const hits = async () => {
      const metrics = await requestFrom('127.0.0.12', `${url}/metrics`, {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      })
      const line = /^cache_lookups_total\{cache="api",result="hit"\} (\d+)/m.exec(metrics.text)
      return Number(line?.[1] ?? 0)
    }
    const first = await requestFrom('127.0.0.12', `${url}/api/products?limit=3`)
    const before = await hits()
    for (let i = 0; i < 5; i++) {
      const again = await requestFrom('127.0.0.12', `${url}/api/products?limit=3&u=${i}`)
      expect(again.text).toBe(first.text)
    }
    expect(await hits()).toBe(before + 5)
  })
})

describe('npm start behind a proxy (TRUST_PROXY)', () => {
  it('counts the address the proxy added, whatever the client wrote before it', async () => {
    const { url } = await startServer({ TRUST_PROXY: 'true' })
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const res = await requestFrom('127.0.0.20', `${url}/api/auth/login`, {
        method: 'POST',
        // A client that writes a new address of its own each time, before the proxy's.
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': `10.0.${i}.1, 203.0.113.50`,
        },
        body: JSON.stringify({ username: 'emilys', password: `wrong-${i}` }),
      })
      statuses.push(res.status)
    }
    expect(statuses.at(-1)).toBe(429)
    // Another shopper behind the same proxy (the same socket address) is someone else.
    const owner = await requestFrom('127.0.0.20', `${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.51' },
      body: JSON.stringify({ username: 'emilys', password: 'emilyspass' }),
    })
    expect(owner.status).toBe(200)
  }, 30_000)
})
