import { Hono } from 'hono'
import { bearerAuth } from 'hono/bearer-auth'
import { validator } from 'hono/validator'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { MAX_BODY_BYTES } from './http/api-frame.ts'
import { HEALTH_TIMEOUT_MS } from './routes/health.ts'
import { openSqliteStorage } from './storage/sqlite.ts'
import { StorageUnavailableError, type Storage } from './storage/storage.ts'
import { createTestApi, TEST_CLIENT, type TestApi } from '../testing/test-api.ts'

let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})

describe('general rules of the API', () => {
  it('answers GET health, with the database reachable', async () => {
    const res = await api.call('/api/health')
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(await res.json()).toEqual({ status: 'ok', database: 'reachable' })
  })

  it("answers a refusal of Hono's own middleware with its status and a JSON message, not a 500", async () => {
    const fresh = await createTestApi()
    // bearerAuth refuses by throwing an HTTPException whose response carries WWW-Authenticate.
    fresh.app.get('/guarded', bearerAuth({ token: 'not-this-one' }), (c) => c.text('in'))
    const res = await fresh.call('/api/guarded', { headers: { Authorization: 'Bearer wrong' } })
    expect(res.status).toBe(401)
    expect(res.headers.get('WWW-Authenticate')).toMatch(/^Bearer/)
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(((await res.json()) as { message: unknown }).message).toEqual(expect.any(String))
  })

  it('answers unknown routes with a JSON 404 (ours)', async () => {
    for (const path of ['/api/nope', '/api/products/1/reviews', '/api/users']) {
      const res = await api.call(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/)
      expect(((await res.json()) as { message: string }).message).toMatch(/not found/i)
    }
    expect((await api.call('/api/products', { method: 'DELETE' })).status).toBe(404)
  })

  it('answers malformed JSON with 400 Invalid JSON body', async () => {
    for (const [path, body] of [
      ['/api/auth/login', '{"username": "emilys",'],
      ['/api/users/add', 'not json'],
      ['/api/auth/refresh', '[1, 2]'],
      ['/api/auth/login', '"just a string"'],
    ] as const) {
      const res = await api.call(path, { body })
      expect(res.status, `${path} ${body}`).toBe(400)
      expect(await res.json()).toEqual({ message: 'Invalid JSON body' })
    }
  })

  /** A POST with a body of bytes and the Content-Type given, or none. */
  const post = (path: string, body: string, type: string | null) =>
    api.app.request(
      path,
      {
        method: 'POST',
        body: new TextEncoder().encode(body),
        headers: type ? { 'Content-Type': type } : {},
      },
      { client: TEST_CLIENT },
    )

  it('takes sign-in and registration as JSON only, so no foreign page can post them unasked', async () => {
    const credentials = JSON.stringify({ username: 'emilys', password: 'emilyspass' })
    const registration = JSON.stringify({
      email: 'form@example.com',
      firstName: 'Form',
      lastName: 'Posted',
      username: 'formposted',
      password: 'S3cret-pass',
    })
    // What a page on another site may send without a CORS preflight: a form, text/plain, bytes.
    for (const type of [null, 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded'])
      for (const [path, body] of [
        ['/api/auth/login', credentials],
        ['/api/users/add', registration],
      ] as const) {
        const res = await post(path, body, type)
        expect(res.status, `${path} ${String(type)}`).toBe(415)
        expect(await res.json()).toMatchObject({ message: 'Content-Type must be application/json' })
      }
    expect(
      (await post('/api/auth/login', credentials, 'Application/JSON; charset=utf-8')).status,
    ).toBe(200)
    expect((await post('/api/users/add', registration, 'application/json')).status).toBe(201)
    // A preflight from another site finds no CORS answer, so its browser never sends the JSON.
    const preflight = await api.call('/api/auth/login', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    })
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })

  it('reads a report as JSON whatever its Content-Type (sendBeacon sends text/plain), and an empty body as {}', async () => {
    const report = JSON.stringify({
      route: '/',
      build: 'b1',
      metrics: [{ name: 'LCP', value: 900 }],
    })
    for (const type of [null, 'text/plain;charset=UTF-8'])
      expect((await post('/api/vitals', report, type)).status, String(type)).toBe(204)
    for (const body of ['', ' \n']) {
      const login = await api.call('/api/auth/login', { method: 'POST', body })
      expect(login.status).toBe(400)
      expect(await login.json()).toEqual({ message: 'Username and password required' })
      const refresh = await api.call('/api/auth/refresh', { method: 'POST', body })
      expect(refresh.status).toBe(401)
      expect(await refresh.json()).toEqual({ message: 'Refresh token required' })
    }
  })

  it("reads bodies itself: hono/validator's json target breaks each point of that contract", async () => {
    const echo = new Hono().post(
      '/',
      validator('json', (value) => value as object),
      (c) => c.json(c.req.valid('json')),
    )
    const send = (body: string, type: string) =>
      echo.request('/', { method: 'POST', body, headers: { 'Content-Type': type } })
    // Without a JSON Content-Type it never reads the body: every field would be missing.
    expect(await (await send('{"username":"emilys"}', 'text/plain')).json()).toEqual({})
    for (const body of ['', '{"username":']) {
      const res = await send(body, 'application/json')
      expect(res.status).toBe(400)
      expect(await res.text()).toBe('Malformed JSON in request body')
    }
  })

  it('answers bodies over 64 KiB with 413', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(MAX_BODY_BYTES), password: 'y' })
    const res = await api.call('/api/auth/login', { body: big })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ message: 'Request body too large (limit 64 KiB)' })
    const justUnder = JSON.stringify({
      username: 'emilys',
      password: 'x',
      pad: 'p'.repeat(MAX_BODY_BYTES - 100),
    })
    expect((await api.call('/api/auth/login', { body: justUnder })).status).toBe(400)
  })
})

describe('while the database is unreachable', () => {
  afterEach(() => vi.useRealTimers())

  /** The real storage, with a switch that makes the database refuse connections. */
  const switchable = () => {
    const sqlite = openSqliteStorage(':memory:')
    const state = { down: false, hang: false }
    const refuse = () =>
      Promise.reject(new StorageUnavailableError(new Error('connect ECONNREFUSED 10.0.0.5:5432')))
    const storage: Storage = {
      ...sqlite,
      ping: () =>
        state.hang ? new Promise(() => undefined) : state.down ? refuse() : sqlite.ping(),
      users: {
        ...sqlite.users,
        findByUsername: (name) => (state.down ? refuse() : sqlite.users.findByUsername(name)),
      },
    }
    return { storage, state }
  }

  it('health answers 503 for the load balancer, accounts 503 with Retry-After, the catalogue 200', async () => {
    const { storage, state } = switchable()
    const down = await createTestApi(storage)
    state.down = true
    const health = await down.call('/api/health')
    expect(health.status).toBe(503)
    expect(await health.json()).toEqual({ status: 'unavailable', database: 'unreachable' })
    const login = await down.call('/api/auth/login', {
      body: { username: 'emilys', password: 'emilyspass' },
    })
    expect(login.status).toBe(503)
    expect(login.headers.get('Retry-After')).toBe('5')
    expect(await login.json()).toEqual({
      message: 'Service temporarily unavailable, please try again',
    })
    expect((await down.call('/api/products/1')).status).toBe(200)

    state.down = false
    expect((await down.call('/api/health')).status).toBe(200)
  })

  it('health answers 503 when the database does not answer in time', async () => {
    const { storage, state } = switchable()
    const hanging = await createTestApi(storage)
    state.hang = true
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const answer = hanging.call('/api/health')
    await vi.advanceTimersByTimeAsync(HEALTH_TIMEOUT_MS - 1)
    let settled = false
    void answer.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect((await answer).status).toBe(503)
  })
})
