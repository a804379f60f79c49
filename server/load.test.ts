import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon, { type Options, type Result } from 'autocannon'
import { afterAll, describe, expect, it } from 'vitest'
import { startServerProcess } from '../scripts/server-process.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'meridian-load-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const JSON_POST = { method: 'POST', headers: { 'content-type': 'application/json' } } as const
let registrations = 0

/** The three kinds of traffic, each on its own connections, as browsers' would be. */
function mixedLoad(base: string, duration: number): Promise<Result>[] {
  const common: Partial<Options> = {
    duration,
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  }
  const catalogue = autocannon({
    ...common,
    url: base,
    connections: 8,
    requests: [
      { path: '/api/products?limit=30&skip=0' },
      { path: '/api/products/category/smartphones?limit=30' },
      { path: '/api/products/search?q=phone' },
      { path: '/api/products/1' },
      { path: '/api/products?limit=30&skip=60&sortBy=price&order=desc' },
    ],
  })
  const logins = autocannon({
    ...common,
    url: `${base}/api/auth/login`,
    connections: 2,
    ...JSON_POST,
    body: JSON.stringify({ username: 'emilys', password: 'emilyspass' }),
  })
  const signUps = autocannon({
    ...common,
    url: `${base}/api/users/add`,
    connections: 2,
    ...JSON_POST,
    requests: [
      {
        setupRequest: (request) => {
          const n = registrations++
          return {
            ...request,
            body: JSON.stringify({
              username: `load${n}`,
              email: `load${n}@example.com`,
              firstName: 'Lo',
              lastName: 'Ad',
              password: 'pass-word',
            }),
          }
        },
      },
    ],
  })
  return [catalogue, logins, signUps]
}

/** Every status answered, with its count. */
const statuses = (result: Result) =>
  Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  )

describe('the real server under a bounded mixed load on loopback', () => {
  // Catalogue reads share the machine's cores with logins and registrations, whose scrypt work is
  // meant to be expensive; hashes run at most one core's worth at a time (auth/password.ts), so
  // reads keep the figure of the catalogue server issue: p99 under 20 ms. (3-4 ms at ~6,000
  // reads/s on the 2-core development machine.)
  it('fails no request but by throttling, and catalogue reads keep p99 under 20 ms', async () => {
    const server = startServerProcess({ DATA_DIR: dataDir })
    try {
      const base = await server.url
      await Promise.all(mixedLoad(base, 1)) // warm-up: connections, JIT, cached answers
      const [catalogue, logins, signUps] = await Promise.all(mixedLoad(base, 3))

      console.log(
        `mixed load, 3 s: catalogue ${catalogue!.requests.total} reads ` +
          `(p50 ${catalogue!.latency.p50} ms, p99 ${catalogue!.latency.p99} ms), ` +
          `${logins!.requests.total} logins (p99 ${logins!.latency.p99} ms), ` +
          `${signUps!.requests.total} registrations (p99 ${signUps!.latency.p99} ms)`,
      )
      for (const result of [catalogue!, logins!, signUps!]) {
        expect(result.errors + result.timeouts).toBe(0)
        for (const code of Object.keys(statuses(result)))
          expect(['200', '201', '429']).toContain(code)
      }
      expect(statuses(signUps!)['201']).toBeGreaterThan(0)
      expect(statuses(logins!)['200']).toBeGreaterThan(0)
      expect(catalogue!.requests.total).toBeGreaterThan(1000)
      expect(catalogue!.latency.p99).toBeLessThan(20)
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  }, 30_000)
})
