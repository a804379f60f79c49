import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiMiddleware } from './dev-plugin.ts'
import { createTestApi } from './test-support.ts'

let server: Server
let base: string
beforeAll(async () => {
  const api = await createTestApi()
  const middleware = apiMiddleware(
    Promise.resolve({ app: api.app, close: () => Promise.resolve() }),
  )
  // A stand-in for Vite's connect stack: the plugin's middleware first, then "the SPA".
  server = createServer((req, res) => middleware(req, res, () => res.end('spa')))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

describe('the dev-server hook', () => {
  it('answers /api/* with the catalogue API, with image URLs on the dev origin', async () => {
    const res = await fetch(`${base}/api/products/2`)
    expect(res.status).toBe(200)
    expect(((await res.json()) as { thumbnail: string }).thumbnail).toMatch(
      new RegExp(`^${base}/api/images/`),
    )
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'emilys', password: 'emilyspass' }),
    })
    expect(login.status).toBe(200)
  })

  it('passes every other path on to the next middleware', async () => {
    for (const path of ['/', '/products', '/apiary']) {
      expect(await (await fetch(`${base}${path}`)).text(), path).toBe('spa')
    }
  })
})
