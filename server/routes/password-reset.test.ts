import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { hashResetToken, RESET_LIFETIME_MS } from '../auth/password-resets.ts'
import { mailSeal } from '../mail/sealed-mail.ts'
import type { OutboxMessage } from '../mail/outbox.ts'
import { createSite } from '../site.ts'
import { openSqliteStorage } from '../storage/sqlite.ts'
import type { Storage } from '../storage/storage.ts'
import { DEMO_SHOPPER } from '../users/seed-users.ts'
import {
  capturedLogs,
  connectionFrom,
  createTestApi,
  login,
  requestInit,
  TEST_SECRET,
  type TestApi,
} from '../../testing/test-api.ts'
import { DEFAULT_CLIENT_LIMITS } from '../limits/limit-settings.ts'
import { LINK_REFUSED, RESET_REQUESTED } from './password-reset.ts'

// A forgotten password reset by a mailed link (docs/api.md § Password reset, decisions.md
// § Password reset, rules.md § Password reset).

const EMAIL = DEMO_SHOPPER.email
const NEW_PASSWORD = 'newpass42'

/** The test API, its log lines caught (the reset's own line) rather than printed. */
const testApi = (storage?: Storage, extra: Parameters<typeof createTestApi>[1] = {}) =>
  createTestApi(storage, { logger: capturedLogs().logger, ...extra })

let api: TestApi
beforeEach(async () => {
  api = await testApi()
})

const forgot = (email: string, client?: string) =>
  api.call('/api/auth/forgot-password', { body: { email }, client })
const check = (token: string) => api.call('/api/auth/reset-password/check', { body: { token } })
const reset = (token: string, password = NEW_PASSWORD) =>
  api.call('/api/auth/reset-password', { body: { token, password } })

/** The mails queued since the last look, opened as the mailer opens them (they wait sealed). */
const newMails = () => api.mails()

const tokenIn = (mail: OutboxMessage | undefined) => {
  const token = /\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1]
  if (!token) throw new Error(`no reset link in ${mail?.text}`)
  return token
}

/** Asks for a link for the demo shopper: the token its mail carries. */
async function linkToken(client?: string) {
  expect((await forgot(EMAIL, client)).status).toBe(202)
  const [mail] = await newMails()
  return tokenIn(mail)
}

const json = async (res: Response) => (await res.json()) as Record<string, unknown>

describe('POST auth/forgot-password', () => {
  it('answers 202 and mails the account a link to /reset-password, with its name and the brand', async () => {
    const res = await forgot('  Emily.Johnson@Example.com ')
    expect(res.status).toBe(202)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(await json(res)).toEqual({ message: RESET_REQUESTED })
    const [mail, ...more] = await newMails()
    expect(more).toEqual([])
    expect(mail).toMatchObject({ to: EMAIL, subject: 'Reset your Meridian password' })
    expect(mail?.id).toMatch(/^reset-[\w-]+$/)
    const token = tokenIn(mail)
    expect(token).toMatch(/^[\w-]{43}$/)
    expect(mail?.id).not.toContain(token)
    expect(mail?.text).toContain('Hello Emily,')
    expect(mail?.text).toContain(`http://localhost/reset-password?token=${token}`)
    expect(mail?.text).toContain('within 30 minutes')
    expect(mail?.html).toContain(`href="http://localhost/reset-password?token=${token}"`)
  })

  it('links to SITE_URL when it is set, whatever the request’s host', async () => {
    api = await testApi(undefined, { siteUrl: 'https://shop.example' })
    await forgot(EMAIL)
    const [mail] = await newMails()
    expect(mail?.text).toContain(`https://shop.example/reset-password?token=${tokenIn(mail)}`)
  })

  it('tells the outbox’s listeners (the mailer) once the mail is committed, and only then', async () => {
    let woken = 0
    api.storage.outbox.onQueued(() => woken++)
    await forgot('nobody.here@example.com')
    expect(woken).toBe(0)
    await forgot(EMAIL)
    expect(woken).toBe(1)
  })

  it('gives an address no account has the same status and answer, and mails nothing', async () => {
    const known = await forgot(EMAIL)
    const unknown = await forgot('nobody.here@example.com')
    expect(unknown.status).toBe(known.status)
    expect(await json(unknown)).toEqual(await json(known))
    expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort())
    expect((await newMails()).map((mail) => mail.to)).toEqual([EMAIL])
  })

  it('does the same database work for an address no account has as for one that has', async () => {
    // The answer's timing follows the storage calls: the same ones, in the same order, with the
    // same transaction (only its mail insert inserts nothing: server/auth/password-resets.ts).
    const calls: string[] = []
    const storage = openSqliteStorage(':memory:')
    const traced = <T extends object>(name: string, target: T): T =>
      new Proxy(target, {
        get: (object, key) => {
          const value = Reflect.get(object, key) as unknown
          return typeof value === 'function'
            ? (...args: unknown[]) => {
                calls.push(`${name}.${String(key)}`)
                return (value as (...a: unknown[]) => unknown).apply(object, args)
              }
            : value
        },
      })
    api = await testApi({
      ...storage,
      users: traced('users', storage.users),
      loginAttempts: traced('loginAttempts', storage.loginAttempts),
      passwordResets: traced('passwordResets', storage.passwordResets),
      outbox: traced('outbox', storage.outbox),
    })
    const stepsOf = async (email: string, client: string) => {
      calls.length = 0
      expect((await forgot(email, client)).status).toBe(202)
      return [...calls]
    }
    // Each once first: the hourly sweep of old requests runs on the first.
    await stepsOf('warm.up@example.com', '198.51.100.9')
    const known = await stepsOf(EMAIL, '198.51.100.1')
    const unknown = await stepsOf('nobody.here@example.com', '198.51.100.2')
    expect(known).toEqual(['loginAttempts.reserve', 'users.findByEmail', 'passwordResets.request'])
    expect(unknown).toEqual(known)
  })

  it('refuses a missing or malformed email with 400, for any address alike', async () => {
    for (const [body, message] of [
      [{}, 'Email is required'],
      [{ email: '  ' }, 'Email is required'],
      [{ email: 'not an email' }, 'Email is not valid'],
      [{ email: 42 }, 'Email is required'],
    ] as const) {
      const res = await api.call('/api/auth/forgot-password', { body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await json(res)).toEqual({ message })
    }
    expect(await newMails()).toEqual([])
  })

  it('mails one account 5 links an hour: past that the same answer, and no mail', async () => {
    const { limit: mailsPerAccount, windowMs } = DEFAULT_CLIENT_LIMITS.resetMailsPerAccount
    for (let request = 0; request < mailsPerAccount; request++)
      expect((await forgot(EMAIL, `198.51.100.${request + 1}`)).status).toBe(202)
    expect(await newMails()).toHaveLength(mailsPerAccount)

    const over = await forgot(EMAIL, '203.0.113.7')
    expect(over.status).toBe(202)
    expect(await json(over)).toEqual({ message: RESET_REQUESTED })
    expect(await newMails()).toEqual([])

    api.clock.advance(windowMs)
    await forgot(EMAIL, '203.0.113.7')
    expect(await newMails()).toHaveLength(1)
  })

  it('answers one address 10 requests an hour, then 429 with Retry-After, whether the email has an account or not', async () => {
    const requestsPerAddress = DEFAULT_CLIENT_LIMITS.resetRequestsPerAddress.limit
    for (let request = 0; request < requestsPerAddress; request++)
      expect((await forgot(`someone${request}@example.com`, '198.51.100.4')).status).toBe(202)
    for (const email of [EMAIL, 'nobody.here@example.com']) {
      const refused = await forgot(email, '198.51.100.4')
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3500)
      expect(await json(refused)).toEqual({
        message: 'Too many password reset requests from this address, please try again later',
      })
    }
    expect(await newMails()).toEqual([])
    // Another address is not held back.
    expect((await forgot(EMAIL, '198.51.100.5')).status).toBe(202)
  })
})

describe('POST auth/reset-password/check', () => {
  it('says a fresh link is valid, without spending it', async () => {
    const token = await linkToken()
    for (let look = 0; look < 2; look++) {
      const res = await check(token)
      expect(res.status).toBe(200)
      expect(res.headers.get('Cache-Control')).toBe('no-store')
      expect(await json(res)).toEqual({ status: 'valid' })
    }
  })

  it.each([['not-a-token-we-gave'], ['x'.repeat(43)]])(
    'says a token it never gave (%s) is invalid',
    async (token) => {
      const res = await check(token)
      expect(res.status).toBe(400)
      expect(await json(res)).toEqual({ status: 'invalid', message: LINK_REFUSED.invalid })
    },
  )

  it('asks for a token', async () => {
    const res = await api.call('/api/auth/reset-password/check', { body: {} })
    expect(res.status).toBe(400)
    expect(await json(res)).toEqual({ message: 'Token is required' })
  })

  it('says a link has expired after 30 minutes, and not a moment before', async () => {
    const token = await linkToken()
    api.clock.advance(RESET_LIFETIME_MS - 1)
    expect(await json(await check(token))).toEqual({ status: 'valid' })
    api.clock.advance(1)
    const res = await check(token)
    expect(res.status).toBe(400)
    expect(await json(res)).toEqual({ status: 'expired', message: LINK_REFUSED.expired })
    const spent = await reset(token)
    expect(spent.status).toBe(400)
    expect(await json(spent)).toEqual({ status: 'expired', message: LINK_REFUSED.expired })
    // The password is as it was.
    await login(api)
  })
})

describe('POST auth/reset-password', () => {
  it('sets the password and signs the shopper in, answering as auth/login does', async () => {
    const token = await linkToken()
    const res = await reset(token)
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const body = await json(res)
    const signedIn = await json(
      await api.call('/api/auth/login', {
        body: { username: DEMO_SHOPPER.username, password: NEW_PASSWORD },
      }),
    )
    expect(Object.keys(body).sort()).toEqual(Object.keys(signedIn).sort())
    expect(body).toMatchObject({ id: 1, username: 'emilys', firstName: 'Emily' })
    const me = await api.call('/api/auth/me', { token: String(body.accessToken) })
    expect(me.status).toBe(200)
    const refreshed = await api.call('/api/auth/refresh', {
      body: { refreshToken: body.refreshToken },
    })
    expect(refreshed.status).toBe(200)
  })

  it('refuses the old password, and ends every session the account had: their tokens and refreshes', async () => {
    const phone = await login(api)
    const laptop = await login(api)
    const token = await linkToken()
    expect((await reset(token)).status).toBe(200)

    const old = await api.call('/api/auth/login', {
      body: { username: DEMO_SHOPPER.username, password: DEMO_SHOPPER.password },
    })
    expect(old.status).toBe(400)
    expect(await json(old)).toEqual({ message: 'Invalid credentials' })
    for (const session of [phone, laptop]) {
      const me = await api.call('/api/auth/me', { token: session.accessToken })
      expect(me.status).toBe(401)
      expect(await json(me)).toEqual({ message: 'Invalid/Expired Token!' })
      const refresh = await api.call('/api/auth/refresh', {
        body: { refreshToken: session.refreshToken },
      })
      expect(refresh.status).toBe(403)
    }
  })

  it('works once: the same link again says it was used, and sets nothing', async () => {
    const token = await linkToken()
    expect((await reset(token)).status).toBe(200)
    const again = await reset(token, 'another42')
    expect(again.status).toBe(400)
    expect(await json(again)).toEqual({ status: 'used', message: LINK_REFUSED.used })
    expect(await json(await check(token))).toEqual({ status: 'used', message: LINK_REFUSED.used })
    await login(api, DEMO_SHOPPER.username, NEW_PASSWORD)
  })

  it('spends one of two links used at once, never both', async () => {
    const token = await linkToken()
    const answers = await Promise.all([reset(token, 'first111'), reset(token, 'second22')])
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400])
  })

  it.each([
    ['newer', 1, 0],
    ['older', 0, 1],
  ])('ends the account’s other links when a %s one is used', async (_which, used, other) => {
    const tokens = [await linkToken(), await linkToken()]
    expect((await reset(tokens[used]!)).status).toBe(200)
    const refused = await reset(tokens[other]!, 'another42')
    expect(refused.status).toBe(400)
    expect(await json(refused)).toMatchObject({ status: 'used' })
    await login(api, DEMO_SHOPPER.username, NEW_PASSWORD)
  })

  it('holds the new password to the rules of every new password, and spends nothing until it passes', async () => {
    const token = await linkToken()
    for (const [password, message] of [
      ['abc12', 'Password must be 6 to 20 characters'],
      ['onlyletters', 'Password must contain at least one letter and one digit'],
      [undefined, 'Password is required'],
    ] as const) {
      const res = await api.call('/api/auth/reset-password', { body: { token, password } })
      expect(res.status).toBe(400)
      expect(await json(res)).toEqual({ message })
    }
    expect(await json(await check(token))).toEqual({ status: 'valid' })
  })

  it('signs in even after the shopper’s own failed sign-ins from this address, and lets the next one through', async () => {
    // The shopper tried ten wrong passwords from here: this address is refused on this account.
    for (let guess = 0; guess < 10; guess++)
      await api.call('/api/auth/login', { body: { username: 'emilys', password: `wrong${guess}` } })
    const locked = await api.call('/api/auth/login', {
      body: { username: 'emilys', password: 'wrong' },
    })
    expect(locked.status).toBe(429)

    expect((await reset(await linkToken())).status).toBe(200)
    await login(api, DEMO_SHOPPER.username, NEW_PASSWORD)
  })

  it('ends every link not used yet when the password is changed on the profile', async () => {
    const token = await linkToken()
    const session = await login(api)
    const changed = await api.call(`/api/users/${session.id}`, {
      method: 'PUT',
      token: session.accessToken,
      body: { password: 'changed42', currentPassword: DEMO_SHOPPER.password },
    })
    expect(changed.status).toBe(200)
    expect(await json(await check(token))).toMatchObject({ status: 'used' })
    expect((await reset(token)).status).toBe(400)
    await login(api, DEMO_SHOPPER.username, 'changed42')
  })
})

describe('a reset link’s secrecy', () => {
  const root = mkdtempSync(join(tmpdir(), 'meridian-reset-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('keeps no token in the clear in any stored row: the request’s hash, and the mail sealed', async () => {
    const file = join(root, 'users.db')
    const storage = openSqliteStorage(file)
    api = await testApi(storage)
    await forgot(EMAIL)
    const [claimed] = await storage.outbox.claim(api.clock.now(), 60_000, 10)
    const token = tokenIn(mailSeal(TEST_SECRET).open(claimed!))
    await storage.outbox.failed(claimed!.id, 'not yet', api.clock.now())

    const db = new DatabaseSync(file, { readOnly: true })
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
        name: string
      }[]
      const everything = tables
        .map(({ name }) => JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all()))
        .join('\n')
      expect(everything).not.toContain(token)
      expect(everything).not.toContain(token.slice(0, 20))
      expect(db.prepare('SELECT token_hash FROM password_resets').all()).toEqual([
        { token_hash: hashResetToken(token) },
      ])
      const [row] = db.prepare('SELECT message FROM outbox').all() as { message: string }[]
      expect(JSON.parse(row!.message)).toMatchObject({
        id: claimed!.id,
        to: EMAIL,
        sealed: expect.stringMatching(/^v1\./) as string,
      })
    } finally {
      db.close()
      await storage.close()
    }
  })

  it('is in no log line: requests, the reset, and a page asked for with it', async () => {
    const { logger, raw } = capturedLogs({ level: 'trace' })
    api = await createTestApi(undefined, { logger })
    const site = createSite(api.app, undefined, { observability: { logger } })
    const call = (path: string, body?: unknown) =>
      Promise.resolve(site.request(path, requestInit({ body }), connectionFrom()))
    expect((await call('/api/auth/forgot-password', { email: EMAIL })).status).toBe(202)
    const token = tokenIn((await newMails())[0])
    await call(`/reset-password?token=${token}`)
    expect((await call('/api/auth/reset-password/check', { token })).status).toBe(200)
    expect((await call('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(
      200,
    )
    expect((await call('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(
      400,
    )
    const lines = raw.join('\n')
    expect(lines).toContain('"route":"/api/auth/reset-password"')
    expect(lines).toContain('password reset: every other session ended')
    expect(lines).not.toContain(token)
    expect(lines).not.toContain(hashResetToken(token))
  })
})
