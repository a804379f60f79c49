import { beforeEach, describe, expect, it } from 'vitest'
import {
  capturedLogs,
  createTestApi,
  login,
  TEST_SCRYPT,
  type CallInit,
  type TestApi,
} from '../../testing/test-api.ts'
import { SHIPPING_ADDRESS } from '../../testing/shopper.ts'
import { hashPassword } from '../auth/password.ts'

const EMAIL = 'ops@shop.example'
const PASSWORD = 'a-long-operator-password'

let api: TestApi
let logs: ReturnType<typeof capturedLogs>
beforeEach(async () => {
  logs = capturedLogs()
  // No ADMIN_TOKEN: the operators' sessions alone open the routes.
  api = await createTestApi(undefined, { logger: logs.logger })
  await api.storage.operators.put(EMAIL, await hashPassword(PASSWORD, TEST_SCRYPT), api.clock.now())
})

const signIn = (body: unknown, init: CallInit = {}) =>
  api.call('/api/admin/session', { body, ...init })
const read = async (res: Response) => ({
  status: res.status,
  body: (await res.json()) as Record<string, unknown>,
})

async function operatorToken() {
  const res = await read(await signIn({ email: ` ${EMAIL.toUpperCase()} `, password: PASSWORD }))
  expect(res.status).toBe(200)
  return res.body.token as string
}

describe('operators sign in and out (api.md § Operator)', () => {
  it('signs in with email and password, and the session opens the operator’s routes', async () => {
    const res = await read(await signIn({ email: EMAIL, password: PASSWORD }))
    expect(res.status).toBe(200)
    const { token, ...rest } = res.body as { token: string }
    expect(token).toMatch(/^mop_[\w-]{43}$/)
    expect(rest).toEqual({
      email: EMAIL,
      expiresAt: new Date(api.clock.now() + 12 * 60 * 60_000).toISOString(),
    })
    expect(await read(await api.call('/api/admin/session', { token }))).toEqual({
      status: 200,
      body: { email: EMAIL },
    })
    expect((await api.call('/api/admin/orders', { token })).status).toBe(200)
    expect(logs.lines.some((line) => line.msg === 'operator signed in')).toBe(true)
    // The token is never stored: only its hash.
    expect(JSON.stringify(logs.lines)).not.toContain(token)
  })

  it('names the operator in an order’s history', async () => {
    const token = await operatorToken()
    const placed = await api.call('/api/orders', {
      headers: { 'Idempotency-Key': 'operator-history-1' },
      body: {
        lines: [{ productId: 1, quantity: 1 }],
        email: 'asha@example.com',
        address: SHIPPING_ADDRESS,
        payment: { method: 'card', cardLast4: '4242' },
      },
    })
    const { number } = (await placed.json()) as { number: string }
    const shipped = await read(
      await api.call(`/api/admin/orders/${number}/ship`, { token, method: 'POST' }),
    )
    expect(shipped.body.history).toEqual([
      expect.objectContaining({ status: 'placed' }),
      expect.objectContaining({ status: 'shipped', by: EMAIL }),
    ])
  })

  it('refuses a wrong password and an unknown email alike, and throttles guesses', async () => {
    const wrong = await read(await signIn({ email: EMAIL, password: 'not-the-password' }))
    const unknown = await read(await signIn({ email: 'who@shop.example', password: PASSWORD }))
    expect(wrong).toEqual({ status: 401, body: { message: 'Wrong email or password' } })
    expect(unknown).toEqual(wrong)
    expect(await read(await signIn({ email: EMAIL }))).toEqual({
      status: 400,
      body: { message: 'Email and password required' },
    })
    let res: Response | undefined
    for (let i = 0; i < 20 && res?.status !== 429; i++)
      res = await signIn({ email: EMAIL, password: `guess-${i}` })
    expect(res?.status).toBe(429)
    expect(res?.headers.get('Retry-After')).toBeTruthy()
  })

  it('ends the session at sign-out, at a new password and at the operator’s removal', async () => {
    const signedOut = await operatorToken()
    expect(
      (await api.call('/api/admin/session', { token: signedOut, method: 'DELETE' })).status,
    ).toBe(204)
    const after = await read(await api.call('/api/admin/orders', { token: signedOut }))
    expect(after).toEqual({
      status: 401,
      body: { message: 'This session has ended: sign in again' },
    })

    const renewed = await operatorToken()
    await api.storage.operators.put(
      EMAIL,
      await hashPassword('another-long-password', TEST_SCRYPT),
      api.clock.now(),
    )
    expect((await api.call('/api/admin/orders', { token: renewed })).status).toBe(401)

    const removed = await operatorToken().catch(() => undefined)
    expect(removed).toBeUndefined()
    const current = await read(await signIn({ email: EMAIL, password: 'another-long-password' }))
    await api.storage.operators.remove(EMAIL)
    expect(
      (await api.call('/api/admin/orders', { token: current.body.token as string })).status,
    ).toBe(401)
  })

  it('ends a session after a working day', async () => {
    const token = await operatorToken()
    api.clock.advance(12 * 60 * 60_000)
    expect((await api.call('/api/admin/orders', { token })).status).toBe(401)
  })
})

describe('who may use the operator’s routes (api.md § Operator)', () => {
  it('a shopper’s session: 403; no token: 401; any other: 401; each saying why', async () => {
    const { accessToken } = await login(api)
    const shopper = await read(await api.call('/api/admin/orders', { token: accessToken }))
    expect(shopper).toEqual({
      status: 403,
      body: {
        message: 'A shopper’s session cannot use the operator’s routes: sign in as an operator',
      },
    })
    const none = await api.call('/api/admin/stock')
    expect(none.status).toBe(401)
    expect(none.headers.get('WWW-Authenticate')).toBe('Bearer realm="admin"')
    expect(await none.json()).toEqual({
      message:
        'The operator’s routes need an operator’s session or ADMIN_TOKEN (Authorization: Bearer …)',
    })
    expect((await api.call('/api/admin/orders', { token: 'mop_made-up' })).status).toBe(401)
    expect((await api.call('/api/admin/orders', { token: 'something-else-entirely' })).status).toBe(
      401,
    )
    // Without ADMIN_TOKEN configured, no token opens them: not even an empty one.
    expect(
      (await api.call('/api/admin/orders', { headers: { Authorization: 'Bearer ' } })).status,
    ).toBe(401)
  })
})
