import { beforeEach, describe, expect, it } from 'vitest'
import { createTestApi, login, type TestApi } from '../../testing/test-api.ts'

let api: TestApi
beforeEach(async () => {
  api = await createTestApi()
})

const post = (path: string, body: unknown) => api.call(path, { body })

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

  it('throttles after 10 failed attempts per username for 10 minutes, with Retry-After', async () => {
    for (let i = 0; i < 10; i++) {
      expect(
        (await post('/api/auth/login', { username: 'emilys', password: `bad${i}` })).status,
      ).toBe(400)
    }
    const blocked = await post('/api/auth/login', { username: 'EMILYS', password: 'emilyspass' })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(((await blocked.json()) as { message: string }).message).toMatch(/too many/i)
    // Another username is not affected.
    expect((await post('/api/auth/login', { username: 'someone', password: 'x' })).status).toBe(400)
    api.clock.advance(10 * 60_000 + 1)
    expect(
      (await post('/api/auth/login', { username: 'emilys', password: 'emilyspass' })).status,
    ).toBe(200)
  })

  it('lets no more than 10 of a burst of concurrent wrong guesses be checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        post('/api/auth/login', { username: 'emilys', password: `guess${i}` }),
      ),
    )
    const counts = Object.groupBy(answers, (answer) => answer.status)
    expect(counts[400]).toHaveLength(10)
    expect(counts[429]).toHaveLength(15)
  })

  it('starts a username from no failures after a right password', async () => {
    for (let i = 0; i < 9; i++) await post('/api/auth/login', { username: 'emilys', password: 'x' })
    expect(
      (await post('/api/auth/login', { username: 'emilys', password: 'emilyspass' })).status,
    ).toBe(200)
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/login', { username: 'emilys', password: 'x' })).status).toBe(
        400,
      )
    }
    expect((await post('/api/auth/login', { username: 'emilys', password: 'x' })).status).toBe(429)
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
