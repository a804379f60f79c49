import { beforeEach, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSqliteStorage } from '../storage/sqlite.ts'
import { createTestApi, login, TEST_PROOF, type TestApi } from '../../testing/test-api.ts'

/** The tests' proof of work: production's 14 bits is real work a busy machine runs past 5 s on. */
const FIRST_BITS = TEST_PROOF.minBits

let api: TestApi
beforeEach(async () => {
  api = await createTestApi()
})

const post = (path: string, body: unknown) => api.call(path, { body })

/** A nonce whose SHA-256 with the challenge starts with `bits` zero bits, as the browser finds it. */
function solve(challenge: string, bits: number) {
  for (let nonce = 0; ; nonce++) {
    const digest = createHash('sha256').update(`${challenge}:${nonce}`).digest()
    const zeros = digest.readUInt32BE(0)
    if (bits <= 32 && zeros >>> (32 - bits) === 0) return { challenge, nonce: String(nonce) }
  }
}

describe('POST auth/login', () => {
  it('signs the demo shopper in with tokens and the profile summary', async () => {
    const res = await post('/api/auth/login', { username: 'emilys', password: 'emilyspass' })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const body = (await res.json()) as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(
      [
        'accessToken',
        'email',
        'firstName',
        'gender',
        'id',
        'image',
        'lastName',
        'refreshToken',
        'username',
      ].sort(),
    )
    expect(body).toMatchObject({
      id: 1,
      username: 'emilys',
      firstName: 'Emily',
      lastName: 'Johnson',
      gender: 'female',
    })
    expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
  })

  it('reads the username case-insensitively', async () => {
    expect(
      (await post('/api/auth/login', { username: 'EmilyS', password: 'emilyspass' })).status,
    ).toBe(200)
  })

  it.each([
    {},
    { username: 'emilys' },
    { password: 'x' },
    { username: '', password: 'x' },
    { username: 1, password: 2 },
  ])('answers 400 for missing fields %j', async (body) => {
    const res = await post('/api/auth/login', body)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'Username and password required' })
  })

  it('checks both fields are there, then their lengths, then expiresInMins', async () => {
    const long = 'x'.repeat(101)
    for (const [body, message] of [
      [{ username: long, expiresInMins: 0 }, 'Username and password required'],
      [{ username: '  ', password: 'x'.repeat(200) }, 'Username and password required'],
      [{ username: long, password: 'x', expiresInMins: 0 }, 'Invalid credentials'],
      [{ username: 'emilys', password: 'x'.repeat(129), expiresInMins: 0 }, 'Invalid credentials'],
      [
        { username: 'emilys', password: 'emilyspass', expiresInMins: 1.5 },
        "Invalid 'expiresInMins' - must be a whole number",
      ],
      [
        { username: 'emilys', password: 'emilyspass', expiresInMins: '5' },
        "Invalid 'expiresInMins' - must be a number",
      ],
    ] as const) {
      const res = await post('/api/auth/login', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await res.json()).toEqual({ message })
    }
  })

  it('refuses an over-long username before trimming it, without counting a failed attempt', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await post('/api/auth/login', { username: 'emilys'.padEnd(101), password: 'x' })
      expect(await res.json()).toEqual({ message: 'Invalid credentials' })
    }
    const res = await post('/api/auth/login', { username: ' emilys ', password: 'emilyspass' })
    expect(res.status).toBe(200)
  })

  it('answers 400 Invalid credentials for a wrong password or unknown user', async () => {
    for (const body of [
      { username: 'emilys', password: 'wrong' },
      { username: 'nobody-here', password: 'emilyspass' },
    ]) {
      const res = await post('/api/auth/login', body)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ message: 'Invalid credentials' })
    }
  })

  it('validates expiresInMins and lets the access token expire after it', async () => {
    expect(
      (
        await post('/api/auth/login', {
          username: 'emilys',
          password: 'emilyspass',
          expiresInMins: 0,
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await post('/api/auth/login', {
          username: 'emilys',
          password: 'emilyspass',
          expiresInMins: 43_201,
        })
      ).status,
    ).toBe(400)
    const res = await post('/api/auth/login', {
      username: 'emilys',
      password: 'emilyspass',
      expiresInMins: 1,
    })
    const { accessToken } = (await res.json()) as { accessToken: string }
    expect((await api.call('/api/auth/me', { token: accessToken })).status).toBe(200)
    api.clock.advance(61_000)
    const expired = await api.call('/api/auth/me', { token: accessToken })
    expect(expired.status).toBe(401)
    expect(await expired.json()).toEqual({ message: 'Invalid/Expired Token!' })
  })
})

describe('guessing passwords (decisions.md § Accounts and sessions)', () => {
  const attempt = (username: string, password: string, client = '203.0.113.1', proof?: object) =>
    api.call('/api/auth/login', { body: { username, password, proof }, client })
  const fail = (username = 'emilys', client = '203.0.113.1') => attempt(username, 'wrong1', client)

  it('limits wrong passwords per account and address: that address waits, the owner elsewhere signs in', async () => {
    for (let i = 0; i < 10; i++) expect((await fail()).status).toBe(400)
    const blocked = await attempt('EMILYS', 'emilyspass')
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('Retry-After')).toBe('600')
    expect(((await blocked.json()) as { message: string }).message).toMatch(/too many/i)
    // The owner, from another address, is not shut out.
    expect((await attempt('emilys', 'emilyspass', '198.51.100.9')).status).toBe(200)
    // Nor is another account from the same address.
    expect((await fail('someone')).status).toBe(400)
    api.clock.advance(10 * 60_000 + 1)
    expect((await attempt('emilys', 'emilyspass')).status).toBe(200)
  })

  it('lets no more than 10 of a burst of concurrent wrong guesses from one address be checked', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => fail()))
    const counts = Object.groupBy(answers, (answer) => answer.status)
    expect(counts[400]).toHaveLength(10)
    expect(counts[429]).toHaveLength(15)
  })

  it('starts an account and address from no failures after a right password', async () => {
    for (let i = 0; i < 9; i++) await fail()
    expect((await attempt('emilys', 'emilyspass')).status).toBe(200)
    for (let i = 0; i < 9; i++) expect((await fail()).status).toBe(400)
    expect((await attempt('emilys', 'emilyspass')).status).toBe(200)
  })

  it('limits one address trying many user names (spraying), not the others', async () => {
    for (let i = 0; i < 20; i++) expect((await fail(`name${i}`)).status).toBe(400)
    const sprayed = await fail('name20')
    expect(sprayed.status).toBe(429)
    expect(Number(sprayed.headers.get('Retry-After'))).toBeGreaterThan(0)
    // A right password from there is refused too: that address has spent its guesses.
    expect((await attempt('emilys', 'emilyspass')).status).toBe(429)
    expect((await fail('name21', '198.51.100.9')).status).toBe(400)
  })

  it('slows an account guessed from many addresses with a proof of work, never closing it to its owner', async () => {
    for (let i = 0; i < 20; i++) expect((await fail('emilys', `192.0.2.${i}`)).status).toBe(400)
    // The owner, from an address of their own: asked for a proof, not refused.
    const asked = await attempt('emilys', 'emilyspass', '198.51.100.9')
    expect(asked.status).toBe(429)
    expect(asked.headers.get('Retry-After')).toBe('1')
    const { challenge } = (await asked.json()) as {
      challenge: { token: string; difficulty: number }
    }
    expect(challenge.difficulty).toBe(FIRST_BITS)
    const proof = solve(challenge.token, challenge.difficulty)
    expect((await attempt('emilys', 'emilyspass', '198.51.100.9', proof)).status).toBe(200)
    // A proof counts once, and for its own account only.
    const again = await attempt('emilys', 'emilyspass', '198.51.100.9', proof)
    expect(again.status).toBe(429)
    expect(await again.json()).toHaveProperty('challenge')
    const other = await api.call('/api/auth/login', {
      body: {
        username: 'emilys',
        password: 'emilyspass',
        proof: solve('forged.token', FIRST_BITS),
      },
      client: '198.51.100.9',
    })
    expect(other.status).toBe(429)
  })

  it('asks more work the more an account is guessed, and a challenge expires', async () => {
    const challengeFor = async (client: string) =>
      (
        (await (await attempt('emilys', 'wrong1', client)).json()) as {
          challenge: { token: string; difficulty: number }
        }
      ).challenge
    for (let i = 0; i < 20; i++) await fail('emilys', `192.0.2.${i}`)
    // Guesses without a proof are not even checked, so they add nothing: each needs its work.
    for (let i = 0; i < 10; i++) {
      const { token, difficulty } = await challengeFor(`192.0.2.${i}`)
      expect(difficulty).toBe(FIRST_BITS)
      const guessed = await attempt('emilys', 'wrong1', `192.0.2.${i}`, solve(token, difficulty))
      expect(guessed.status).toBe(400)
    }
    const { token, difficulty } = await challengeFor('198.51.100.9')
    expect(difficulty).toBe(FIRST_BITS + 1)
    const proof = solve(token, difficulty)
    api.clock.advance(2 * 60_000 + 1)
    expect((await attempt('emilys', 'emilyspass', '198.51.100.9', proof)).status).toBe(429)
  })

  it('counts a wrong proof-carrying guess as a failure of its address too', async () => {
    for (let i = 0; i < 20; i++) await fail('emilys', `192.0.2.${i}`)
    const token = (
      (await (await fail('emilys', '192.0.2.99')).json()) as { challenge: { token: string } }
    ).challenge.token
    const guessed = await attempt('emilys', 'wrong2', '192.0.2.99', solve(token, FIRST_BITS))
    expect(guessed.status).toBe(400)
  })
})

describe('GET auth/me', () => {
  it('answers the signed-in user', async () => {
    const { accessToken } = await login(api)
    const res = await api.call('/api/auth/me', { token: accessToken })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      id: 1,
      username: 'emilys',
      email: 'emily.johnson@example.com',
    })
  })

  it('answers 401 without a token and for a bad, forged or refresh token', async () => {
    const noToken = await api.call('/api/auth/me')
    expect(noToken.status).toBe(401)
    expect(await noToken.json()).toEqual({ message: 'Access Token is required' })

    const { accessToken, refreshToken } = await login(api)
    const [header, payload] = accessToken.split('.') as [string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 2 })).toString('base64url')
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString(
      'base64url',
    )
    for (const token of [
      'garbage',
      `${header}.${forgedPayload}.${accessToken.split('.')[2]}`,
      `${noneHeader}.${payload}.`,
      refreshToken,
    ]) {
      const res = await api.call('/api/auth/me', { token })
      expect(res.status, token).toBe(401)
      expect(await res.json()).toEqual({ message: 'Invalid/Expired Token!' })
    }
  })
})

describe('POST auth/refresh', () => {
  it('exchanges a refresh token for new tokens', async () => {
    const { refreshToken } = await login(api)
    api.clock.advance(1000)
    const res = await post('/api/auth/refresh', { refreshToken, expiresInMins: 5 })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { accessToken: string; refreshToken: string }
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'refreshToken'])
    expect((await api.call('/api/auth/me', { token: body.accessToken })).status).toBe(200)
  })

  it('answers 401 when the token is missing and 403 when it is invalid or an access token', async () => {
    const missing = await post('/api/auth/refresh', {})
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({ message: 'Refresh token required' })
    const { accessToken } = await login(api)
    for (const refreshToken of ['nope', accessToken]) {
      const res = await post('/api/auth/refresh', { refreshToken })
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ message: 'Invalid refresh token' })
    }
  })

  it('checks the token is there (401) before expiresInMins (400)', async () => {
    for (const body of [{ expiresInMins: 0 }, { refreshToken: '' }, { refreshToken: 42 }]) {
      const res = await post('/api/auth/refresh', body)
      expect(res.status, JSON.stringify(body)).toBe(401)
      expect(await res.json()).toEqual({ message: 'Refresh token required' })
    }
    const res = await post('/api/auth/refresh', { refreshToken: 'nope', expiresInMins: 0 })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      message: "Invalid 'expiresInMins' - must be from 1 to 43200",
    })
  })

  it('refuses a refresh token after 30 days', async () => {
    const { refreshToken } = await login(api)
    api.clock.advance(30 * 24 * 3600_000 + 1000)
    expect((await post('/api/auth/refresh', { refreshToken })).status).toBe(403)
  })
})

describe('sessions (decisions.md § Accounts and sessions)', () => {
  const me = (token: string) => api.call('/api/auth/me', { token })
  const refresh = (refreshToken: string) => post('/api/auth/refresh', { refreshToken })
  const tokensOf = async (res: Response) =>
    (await res.json()) as { accessToken: string; refreshToken: string }

  it('end at sign-out: the access token from then on, the refresh token too', async () => {
    const { accessToken, refreshToken } = await login(api)
    const other = await login(api)
    expect((await me(accessToken)).status).toBe(200)
    const out = await api.call('/api/auth/logout', { token: accessToken, body: {} })
    expect(out.status).toBe(204)
    expect(out.headers.get('Cache-Control')).toBe('no-store')
    expect((await me(accessToken)).status).toBe(401)
    expect((await api.call('/api/users/1', { token: accessToken })).status).toBe(401)
    expect((await refresh(refreshToken)).status).toBe(403)
    // Only that session: the shopper's other sign-in goes on.
    expect((await me(other.accessToken)).status).toBe(200)
    // Signing out again changes nothing.
    expect(
      (await api.call('/api/auth/logout', { method: 'POST', token: accessToken })).status,
    ).toBe(204)
  })

  it('end at sign-out with the refresh token alone (an access token that expired)', async () => {
    const { accessToken, refreshToken } = await login(api)
    api.clock.advance(61 * 60_000)
    expect((await me(accessToken)).status).toBe(401)
    expect((await api.call('/api/auth/logout', { body: { refreshToken } })).status).toBe(204)
    expect((await refresh(refreshToken)).status).toBe(403)
  })

  it('refuse a sign-out that names no session', async () => {
    expect((await api.call('/api/auth/logout', { body: {} })).status).toBe(401)
    expect((await api.call('/api/auth/logout', { token: 'nope', body: {} })).status).toBe(401)
    expect((await api.call('/api/auth/logout', { body: { refreshToken: 'nope' } })).status).toBe(
      401,
    )
  })

  it('rotate refresh tokens: each is spent once, and one used twice ends the whole session', async () => {
    const first = await login(api)
    const second = await tokensOf(await refresh(first.refreshToken))
    const third = await tokensOf(await refresh(second.refreshToken))
    expect((await me(third.accessToken)).status).toBe(200)
    // The spent one comes back (a thief's copy, or the shopper's): nobody keeps the session.
    const reused = await refresh(second.refreshToken)
    expect(reused.status).toBe(403)
    expect(await reused.json()).toEqual({ message: 'Invalid refresh token' })
    expect((await me(third.accessToken)).status).toBe(401)
    expect((await refresh(third.refreshToken)).status).toBe(403)
  })

  it('last 30 days from the sign-in, however often refreshed', async () => {
    let tokens: { accessToken: string; refreshToken: string } = await login(api)
    for (let week = 0; week < 4; week++) {
      api.clock.advance(7 * 24 * 3600_000)
      tokens = await tokensOf(await refresh(tokens.refreshToken))
    }
    api.clock.advance(2 * 24 * 3600_000)
    expect((await refresh(tokens.refreshToken)).status).toBe(403)
    expect((await me(tokens.accessToken)).status).toBe(401)
  })

  it('are kept in the database: a new process on it refuses a token its session ended', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'meridian-sessions-'))
    try {
      const file = join(dir, 'users.db')
      const before = await createTestApi(openSqliteStorage(file))
      const { accessToken } = await login(before)
      expect((await before.call('/api/auth/me', { token: accessToken })).status).toBe(200)
      await before.call('/api/auth/logout', { method: 'POST', token: accessToken })
      const after = await createTestApi(openSqliteStorage(file))
      expect((await after.call('/api/auth/me', { token: accessToken })).status).toBe(401)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
