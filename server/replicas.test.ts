import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nthAddress } from '../testing/from-address.ts'
import { failures, MIXED_LOAD_ENV, mixedLoad, statuses } from '../testing/mixed-load.ts'
import { replicasOnOnePostgres } from '../testing/replicas.ts'
import { openPostgresStorage } from './storage/postgres.ts'
import { requestInit, type CallInit } from '../testing/test-api.ts'

/**
 * Two `npm start` processes on two ports share one PostgreSQL and one JWT_SECRET, as replicas
 * behind a load balancer would: each with its own DATA_DIR, so nothing passes through files, and
 * TRUST_PROXY, the balancer naming each shopper's address. One shopper signs in throughout;
 * each registration is a shopper of its own (an address may register only a few accounts).
 */
describe('two replicas on one PostgreSQL', () => {
  const replicas = replicasOnOnePostgres(() => MIXED_LOAD_ENV)
  const startReplica = () => replicas.start()
  let a: string
  let b: string

  const SHOPPER = { 'X-Forwarded-For': '203.0.113.1' }
  let newcomers = 0
  const call = (base: string, path: string, init?: CallInit) =>
    fetch(`${base}/api${path}`, requestInit({ ...init, headers: { ...SHOPPER, ...init?.headers } }))
  const login = (base: string, username: string, password: string) =>
    call(base, '/auth/login', { body: { username, password } })
  const register = (base: string, username: string, password = 'pass-word1') =>
    call(base, '/users/add', {
      headers: { 'X-Forwarded-For': nthAddress(newcomers++) },
      body: {
        username,
        email: `${username}@example.com`,
        firstName: 'Re',
        lastName: 'Plica',
        password,
      },
    })

  beforeAll(async () => {
    await replicas.setUp()
    // Both at once on an empty database: the migrations' lock lets one migrate, the other wait.
    const [first, second] = [startReplica(), startReplica()]
    ;[a, b] = await Promise.all([first.url, second.url])
  }, 60_000)

  afterAll(() => replicas.tearDown())

  it('behave as one shop: register on A, sign in on B, a token of A works on B, a change on A shows on B', async () => {
    expect((await register(a, 'ama')).status).toBe(201)
    const signIn = await login(b, 'AMA', 'pass-word1')
    expect(signIn.status).toBe(200)
    const { id, accessToken, refreshToken } = (await signIn.json()) as {
      id: number
      accessToken: string
      refreshToken: string
    }
    const fromA = (await (await login(a, 'ama', 'pass-word1')).json()) as { accessToken: string }
    const me = await call(b, '/auth/me', { token: fromA.accessToken })
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ id, username: 'ama' })
    const refreshed = await call(a, '/auth/refresh', { body: { refreshToken } })
    expect(refreshed.status).toBe(200)

    const changed = await call(a, `/users/${id}`, {
      method: 'PUT',
      token: accessToken,
      body: {
        firstName: 'Ama',
        address: { city: 'Kumasi' },
        password: 'new-pass-word2',
        currentPassword: 'pass-word1',
      },
    })
    expect(changed.status).toBe(200)
    const seen = await call(b, `/users/${id}`, { token: accessToken })
    expect(await seen.json()).toMatchObject({ firstName: 'Ama', address: { city: 'Kumasi' } })
    expect((await login(b, 'ama', 'pass-word1')).status).toBe(400)
    expect((await login(b, 'ama', 'new-pass-word2')).status).toBe(200)
    // The demo shopper was seeded once, though both replicas started on an empty database.
    expect((await login(b, 'emilys', 'emilyspass')).status).toBe(200)
    expect((await register(b, 'emilys')).status).toBe(400)
  }, 30_000)

  it('share sessions: a sign-out on A ends the session on B, a password change on B the others on A', async () => {
    expect((await register(a, 'esi')).status).toBe(201)
    const signIn = async (base: string) =>
      (await (await login(base, 'esi', 'pass-word1')).json()) as {
        id: number
        accessToken: string
        refreshToken: string
      }
    const first = await signIn(a)
    expect((await call(b, '/auth/me', { token: first.accessToken })).status).toBe(200)
    expect(
      (await call(a, '/auth/logout', { method: 'POST', token: first.accessToken })).status,
    ).toBe(204)
    expect((await call(b, '/auth/me', { token: first.accessToken })).status).toBe(401)
    expect(
      (await call(b, '/auth/refresh', { body: { refreshToken: first.refreshToken } })).status,
    ).toBe(403)

    const onA = await signIn(a)
    const onB = await signIn(b)
    const changed = await call(b, `/users/${onB.id}`, {
      method: 'PATCH',
      token: onB.accessToken,
      body: { password: 'esi-pass2', currentPassword: 'pass-word1' },
    })
    expect(changed.status).toBe(200)
    expect((await call(a, `/users/${onA.id}`, { token: onA.accessToken })).status).toBe(401)
    expect((await call(a, `/users/${onB.id}`, { token: onB.accessToken })).status).toBe(200)
  }, 30_000)

  it('share one login throttle: 10 failures spread over A and B make the 11th answer 429 on either', async () => {
    expect((await register(a, 'kwame')).status).toBe(201)
    for (let i = 0; i < 10; i++) {
      expect((await login(i % 2 ? a : b, 'kwame', `wrong-${i}`)).status).toBe(400)
    }
    for (const replica of [a, b]) {
      const blocked = await login(replica, 'KWAME', 'pass-word1')
      expect(blocked.status).toBe(429)
      expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(500)
    }
  }, 30_000)

  it('answer concurrent registrations of one name on A and B with one 201 and one 400', async () => {
    const answers = await Promise.all([register(a, 'yaw'), register(b, 'yaw')])
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400])
    const refused = answers.find((answer) => answer.status === 400)
    expect(await refused?.json()).toEqual({
      message: 'Username already exists',
      requestId: refused?.headers.get('X-Request-Id'),
    })
  }, 30_000)

  it('answer a bounded mixed load over both with nothing but 2xx or 429', async () => {
    await Promise.all([mixedLoad(a, 1), mixedLoad(b, 1)]) // warm-up
    const results = await Promise.all([mixedLoad(a, 3), mixedLoad(b, 3)])
    for (const [name, load] of results.map((load, i) => [i ? 'B' : 'A', load] as const)) {
      console.log(
        `replica ${name}, 3 s: catalogue ${load.catalogue.requests.total} reads ` +
          `(p99 ${load.catalogue.latency.p99} ms), ${load.logins.requests.total} logins, ` +
          `${load.registrations.requests.total} registrations (p99 ${load.registrations.latency.p99} ms)`,
      )
      for (const result of [load.catalogue, load.logins, load.registrations]) {
        expect(failures(result)).toBe(0)
        for (const code of Object.keys(statuses(result)))
          expect(['200', '201', '429']).toContain(code)
      }
      expect(statuses(load.registrations)['201']).toBeGreaterThan(0)
      expect(statuses(load.logins)['200']).toBeGreaterThan(0)
    }
  }, 30_000)

  it('lose no registration answered 201 when a replica is killed with -9 in the middle of them', async () => {
    const victim = startReplica()
    const base = await victim.url
    const answered: string[] = []
    const { promise: eightAnswered, resolve: reachedEight } = Promise.withResolvers<void>()
    let n = 0
    let killed = false
    // Four shoppers registering back to back until the replica dies under them.
    const shopper = async () => {
      while (!killed) {
        const name = `durable${n++}`
        try {
          if ((await register(base, name)).status !== 201) continue
        } catch {
          return // the connection died with the process
        }
        if (answered.push(name) === 8) reachedEight()
      }
    }
    const shoppers = Array.from({ length: 4 }, shopper)
    await eightAnswered // the others are on their way or being hashed now
    killed = true
    victim.child.kill('SIGKILL')
    await Promise.all(shoppers)
    expect(await victim.exited).toBeNull()

    const storage = await openPostgresStorage({ url: replicas.databaseUrl, poolMax: 2 })
    try {
      for (const name of answered)
        expect(await storage.users.findByUsername(name), name).toBeDefined()
    } finally {
      await storage.close()
    }
    // And the other replica serves them.
    expect((await login(b, answered.at(-1) ?? '', 'pass-word1')).status).toBe(200)
  }, 30_000)

  /**
   * A registration whose body arrives in two parts: the server holds it, in flight, until
   * `finish` sends the rest. (Racing four quick ones against the signal instead left it to the
   * machine's load whether any was still in flight when SIGTERM came.)
   */
  const heldRegistration = (base: string, username: string) => {
    const body = JSON.stringify({
      username,
      email: `${username}@example.com`,
      firstName: 'Re',
      lastName: 'Plica',
      password: 'pass-word1',
    })
    let finish = () => {}
    const answer = new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const held = request(
        `${base}/api/users/add`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            'X-Forwarded-For': nthAddress(newcomers++),
          },
        },
        (res) => {
          res.resume()
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
          )
        },
      )
      held.on('error', reject)
      held.write(body.slice(0, 10))
      finish = () => held.end(body.slice(10))
    })
    return { answer, finish: () => finish() }
  }

  it('finish the requests in flight on SIGTERM, then close the pool and exit 0', async () => {
    const leaving = startReplica()
    const base = await leaving.url
    const held = heldRegistration(base, 'drain0')
    // Answered on the same server while the registration is held: it has its connection.
    expect((await call(base, '/health')).status).toBe(200)
    leaving.child.kill('SIGTERM')
    // A busy machine may take more than the poll's default second to run the signal's handler.
    await expect.poll(() => leaving.output(), { timeout: 10_000 }).toContain('SIGTERM received')
    held.finish()
    const answer = await held.answer
    expect(answer.status).toBe(201)
    // An answer given once it was leaving closes its keep-alive connection: the server need not
    // wait for clients to, nor for their idle timeout, before it exits.
    expect(answer.connection).toBe('close')
    expect(await leaving.exited).toBe(0)
    expect((await login(a, 'drain0', 'pass-word1')).status).toBe(200)
  }, 30_000)

  // Last: it stops the database under both replicas.
  it('report the database on /api/health: 503 while PostgreSQL is down, 200 once it is back', async () => {
    for (const replica of [a, b]) {
      const health = await call(replica, '/health')
      expect(health.status).toBe(200)
      expect(await health.json()).toEqual({ status: 'ok', database: 'reachable' })
    }
    await replicas.cluster.pause()
    for (const replica of [a, b]) {
      const health = await call(replica, '/health')
      expect(health.status).toBe(503)
      expect(await health.json()).toEqual({
        status: 'unavailable',
        database: 'unreachable',
        requestId: health.headers.get('X-Request-Id'),
      })
      expect((await login(replica, 'emilys', 'emilyspass')).status).toBe(503)
      expect((await call(replica, '/products/1')).status).toBe(200)
    }
    await replicas.cluster.start()
    for (const replica of [a, b]) {
      expect((await call(replica, '/health')).status).toBe(200)
      expect((await login(replica, 'emilys', 'emilyspass')).status).toBe(200)
    }
  }, 60_000)
})
