import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const dataDir = mkdtempSync(join(tmpdir(), 'meridian-load-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

describe('the real server under a bounded mixed load on loopback', () => {
  // The load runs on the same two cores as the server and its scrypt work, so catalogue latency
  // here measures CPU saturation more than the server (bench:api gives the isolated figure): p99
  // was ~100 ms on the development machine. The bound only catches gross stalls.
  it('fails no request but by throttling, and catalogue reads stay responsive', async () => {
    const child = spawn(
      process.execPath,
      ['--experimental-strip-types', '--experimental-sqlite', 'server/main.ts'],
      {
        env: { ...process.env, PORT: '0', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    const base = await new Promise<string>((resolve) => {
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /running at (http:\/\/\S+) /.exec(output)
        if (match?.[1]) resolve(match[1])
      })
    })

    const statuses = new Map<number, number>()
    const catalogueMs: number[] = []
    const json = { 'Content-Type': 'application/json' }
    let registered = 0
    const operations = [
      async () => {
        const started = performance.now()
        const res = await fetch(
          `${base}/api/products?limit=30&skip=${Math.floor(Math.random() * 150)}`,
        )
        await res.arrayBuffer()
        catalogueMs.push(performance.now() - started)
        return res.status
      },
      async () => {
        const started = performance.now()
        const res = await fetch(`${base}/api/products/search?q=phone`)
        await res.arrayBuffer()
        catalogueMs.push(performance.now() - started)
        return res.status
      },
      async () => {
        const res = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ username: 'emilys', password: 'emilyspass' }),
        })
        await res.arrayBuffer()
        return res.status
      },
      async () => {
        const n = registered++
        const res = await fetch(`${base}/api/users/add`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            username: `load${n}`,
            email: `load${n}@example.com`,
            firstName: 'Lo',
            lastName: 'Ad',
            password: 'pass-word',
          }),
        })
        await res.arrayBuffer()
        return res.status
      },
    ]
    // Bounded: 8 concurrent clients for 3 seconds, most requests catalogue reads as in real use.
    const weights = [0, 0, 0, 0, 0, 0, 1, 1, 2, 3]
    const deadline = Date.now() + 3000
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (Date.now() < deadline) {
          const operation = operations[weights[Math.floor(Math.random() * weights.length)] ?? 0]
          const status = await operation!()
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
        }
      }),
    )
    child.kill('SIGTERM')

    console.log(
      `mixed load: ${catalogueMs.length} catalogue reads, p50 ${percentile(catalogueMs, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(catalogueMs, 99).toFixed(1)} ms; statuses ${JSON.stringify([...statuses])}`,
    )
    const failures = [...statuses].filter(([status]) => status >= 400 && status !== 429)
    expect(failures).toEqual([])
    expect(registered).toBeGreaterThan(0)
    expect(catalogueMs.length).toBeGreaterThan(200)
    expect(percentile(catalogueMs, 99)).toBeLessThan(1000)
  }, 30_000)
})
