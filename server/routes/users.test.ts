import { beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_CLIENT_LIMITS } from '../limits/limit-settings.ts'
import { createTestApi, login, type TestApi } from '../../testing/test-api.ts'
import { PASSWORD_MESSAGES } from '../users/user.schema.ts'
import { UNSEEN_MESSAGE } from '../users/username.ts'

let api: TestApi
beforeEach(async () => {
  api = await createTestApi()
})

/** The registration payload exactly as the spec's form sends it (rules.md § Data and reference lists). */
const registration = {
  country: 'India',
  email: 'asha.verma@example.com',
  firstName: 'Asha',
  lastName: 'Verma',
  userName: 'ashav',
  phone: '9876543210',
  address: { postalCode: '560001' },
  birthDate: '14-March',
  gender: 'female',
  password: 'S3cret-pass',
}

const register = async (body: Record<string, unknown> = registration) => {
  const res = await api.call('/api/users/add', { body })
  return { res, body: (await res.json()) as Record<string, unknown> }
}

const USER_KEYS = [
  'address',
  'age',
  'birthDate',
  'email',
  'firstName',
  'gender',
  'id',
  'image',
  'lastName',
  'maidenName',
  'phone',
  'role',
  'username',
].sort()

describe('POST users/add', () => {
  it('creates a user from the spec payload (201) who can sign in at once', async () => {
    const { res, body } = await register()
    expect(res.status).toBe(201)
    expect(Object.keys(body).sort()).toEqual(USER_KEYS)
    expect(body).toMatchObject({
      id: 2,
      username: 'ashav',
      email: 'asha.verma@example.com',
      firstName: 'Asha',
      phone: '9876543210',
      birthDate: '14-March',
      age: null,
      role: 'user',
      address: { postalCode: '560001', country: 'India', city: '' },
      image: 'http://localhost/api/images/avatars/AV.svg',
    })
    expect((await login(api, 'ashav', 'S3cret-pass')).id).toBe(2)
  })

  it.each([
    ['username', 'Username is required'],
    ['email', 'Email is required'],
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['password', 'Password is required'],
  ])('answers 400 when %s is missing', async (field, message) => {
    const body: Record<string, unknown> = { ...registration, username: registration.userName }
    delete body.userName
    delete body[field]
    const { res, body: answer } = await register(body)
    expect(res.status).toBe(400)
    expect(answer).toEqual({ message })
  })

  it('rejects malformed fields with a 400 message', async () => {
    for (const [patch, message] of [
      [{ email: 'not-an-email' }, 'Email is not valid'],
      [{ firstName: 42 }, 'First name must be a string'],
      [{ firstName: 'x'.repeat(51) }, 'First name must be at most 50 characters'],
      [{ userName: 'two words' }, UNSEEN_MESSAGE],
      [{ userName: 'emilys\u200B' }, UNSEEN_MESSAGE],
      [{ userName: 'emilys\uD800' }, UNSEEN_MESSAGE],
      [{ password: 'x' }, PASSWORD_MESSAGES.length],
      [{ password: 'password' }, PASSWORD_MESSAGES.mix],
      [{ address: 'nowhere' }, 'Address must be an object'],
    ] as const) {
      const { res, body } = await register({ ...registration, ...patch })
      expect(res.status).toBe(400)
      expect(body).toEqual({ message })
    }
  })

  it('keeps usernames and emails unique, case-insensitively, and names look-alikes taken', async () => {
    for (const lookAlike of [
      'EMILYS',
      '\uFF45\uFF4D\uFF49\uFF4C\uFF59\uFF53',
      'emilys\u0307',
      'Émilys',
    ])
      expect((await register({ ...registration, userName: lookAlike })).body, lookAlike).toEqual({
        message: 'Username already exists',
      })
    expect((await register({ ...registration, email: 'Emily.Johnson@example.com' })).body).toEqual({
      message: 'Email already exists',
    })
  })

  it('lets only one of two simultaneous registrations of a name succeed', async () => {
    const [a, b] = await Promise.all([
      register(),
      register({ ...registration, email: 'other@example.com' }),
    ])
    expect([a.res.status, b.res.status].sort()).toEqual([201, 400])
  })
})

describe('GET users/{id}', () => {
  it("answers the user's own profile with the token", async () => {
    const { accessToken } = await login(api)
    const res = await api.call('/api/users/1', { token: accessToken })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const body = (await res.json()) as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(USER_KEYS)
    expect(body).toMatchObject({ id: 1, username: 'emilys', birthDate: '1996-05-30', age: 30 })
  })

  it('answers 400, 401 and 403 in the contract order, the same 403 for an id that does not exist', async () => {
    const { accessToken } = await login(api)
    const cases: [string, string | undefined, number, string][] = [
      ['abc', accessToken, 400, "Invalid user id 'abc'"],
      ['1', undefined, 401, 'Access Token is required'],
      ['1', 'bad.token.here', 401, 'Invalid/Expired Token!'],
      ['999', accessToken, 403, 'You may only access your own user'],
      ['999999999999999', accessToken, 403, 'You may only access your own user'],
    ]
    for (const [id, token, status, message] of cases) {
      const res = await api.call(`/api/users/${id}`, { token })
      expect(res.status, `${id} ${status}`).toBe(status)
      expect(await res.json()).toEqual({ message })
    }
    await register()
    const other = await api.call('/api/users/2', { token: accessToken })
    expect(other.status).toBe(403)
  })
})

describe('PUT and PATCH users/{id}', () => {
  it('merges changed fields, persists them and answers the merged user', async () => {
    const { accessToken } = await login(api)
    const res = await api.call('/api/users/1', {
      method: 'PUT',
      token: accessToken,
      body: { firstName: 'Em', phone: '+1 602-555-0100', address: { city: 'Tucson' } },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      firstName: 'Em',
      lastName: 'Johnson',
      phone: '+1 602-555-0100',
      address: { city: 'Tucson', address: '626 Main Street' },
    })
    const again = await api.call('/api/users/1', { token: accessToken })
    expect(await again.json()).toMatchObject({ firstName: 'Em', address: { city: 'Tucson' } })
  })

  it('changes the password with the current one: the new one signs in, the old one does not', async () => {
    const { accessToken } = await login(api)
    const res = await api.call('/api/users/1', {
      method: 'PATCH',
      token: accessToken,
      body: { password: 'n3w-pass', currentPassword: 'emilyspass' },
    })
    expect(res.status).toBe(200)
    expect((await login(api, 'emilys', 'n3w-pass')).id).toBe(1)
    const old = await api.call('/api/auth/login', {
      body: { username: 'emilys', password: 'emilyspass' },
    })
    expect(old.status).toBe(400)
  })

  it('refuses a new password without the current one, or with a wrong one', async () => {
    const { accessToken } = await login(api)
    for (const [body, message] of [
      [{ password: 'n3w-pass' }, 'Current password is required'],
      [{ password: 'n3w-pass', currentPassword: '' }, 'Current password is required'],
      [{ password: 'n3w-pass', currentPassword: 'wrong-guess1' }, "Current password doesn't match"],
    ] as const) {
      const res = await api.call('/api/users/1', { method: 'PUT', token: accessToken, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await res.json()).toEqual({ message })
    }
    expect((await login(api, 'emilys', 'emilyspass')).id).toBe(1)
  })

  it('counts a wrong current password as a failed sign-in: a stolen token cannot guess it freely', async () => {
    const { accessToken } = await login(api)
    const change = (currentPassword: string) =>
      api.call('/api/users/1', {
        method: 'PUT',
        token: accessToken,
        body: { password: 'n3w-pass', currentPassword },
        client: '203.0.113.5',
      })
    for (let i = 0; i < 10; i++) expect((await change(`guess${i}`)).status).toBe(400)
    const refused = await change('emilyspass')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('600')
  })

  it('ends every other session of the user on a password change, and keeps this one', async () => {
    const here = await login(api)
    const elsewhere = await login(api)
    const res = await api.call('/api/users/1', {
      method: 'PUT',
      token: here.accessToken,
      body: { password: 'n3w-pass', currentPassword: 'emilyspass' },
    })
    expect(res.status).toBe(200)
    expect((await api.call('/api/users/1', { token: here.accessToken })).status).toBe(200)
    const signedOut = await api.call('/api/users/1', { token: elsewhere.accessToken })
    expect(signedOut.status).toBe(401)
    expect(
      (await api.call('/api/auth/refresh', { body: { refreshToken: elsewhere.refreshToken } }))
        .status,
    ).toBe(403)
    // A change that sets no password ends nothing.
    const third = await login(api, 'emilys', 'n3w-pass')
    await api.call('/api/users/1', {
      method: 'PUT',
      token: here.accessToken,
      body: { firstName: 'Em' },
    })
    expect((await api.call('/api/users/1', { token: third.accessToken })).status).toBe(200)
  })

  it('refuses a new email without the current password, or with a wrong one: a stolen token cannot move the account', async () => {
    const { accessToken } = await login(api)
    for (const [body, message] of [
      [{ email: 'attacker@example.net' }, 'Current password is required'],
      [{ email: 'attacker@example.net', currentPassword: '' }, 'Current password is required'],
      [
        { email: 'attacker@example.net', currentPassword: 'wrong-guess1' },
        "Current password doesn't match",
      ],
    ] as const) {
      const res = await api.call('/api/users/1', { method: 'PUT', token: accessToken, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await res.json()).toEqual({ message })
    }
    const stored = await api.call('/api/users/1', { token: accessToken })
    expect(((await stored.json()) as { email: string }).email).toBe('emily.johnson@example.com')
    expect(await api.mails()).toEqual([])
    // The same address, in another case or not, is no change: it needs no password.
    const same = await api.call('/api/users/1', {
      method: 'PUT',
      token: accessToken,
      body: { email: 'Emily.Johnson@example.com', firstName: 'Em' },
    })
    expect(same.status).toBe(200)
    expect(await api.mails()).toEqual([])
  })

  it('changes the email with the current password: the old address is told, and reset links asked for before end', async () => {
    const { accessToken } = await login(api)
    // A link asked for before the change, to the old address.
    const forgot = await api.call('/api/auth/forgot-password', {
      body: { email: 'emily.johnson@example.com' },
    })
    expect(forgot.status).toBe(202)
    const [resetMail] = await api.mails()
    const token = /token=([\w-]+)/.exec(resetMail?.text ?? '')?.[1] ?? ''
    expect(token).not.toBe('')

    const res = await api.call('/api/users/1', {
      method: 'PUT',
      token: accessToken,
      body: { email: 'emily.new@example.com', currentPassword: 'emilyspass' },
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { email: string }).email).toBe('emily.new@example.com')

    const mails = await api.mails()
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ['emily.johnson@example.com', 'Your Meridian email address was changed'],
    ])
    expect(mails[0]?.text).toContain('was changed to emily.new@example.com')
    expect(mails[0]?.text).toContain('reply to this mail')

    const check = await api.call('/api/auth/reset-password/check', { body: { token } })
    expect(check.status).toBe(400)
    const reset = await api.call('/api/auth/reset-password', {
      body: { token, password: 'taken-0ver' },
    })
    expect(reset.status).toBe(400)
    expect((await login(api, 'emilys', 'emilyspass')).id).toBe(1)
  })

  it('refuses line breaks and control characters in every free-text field, naming the field', async () => {
    const { accessToken } = await login(api)
    for (const [body, message] of [
      [
        { firstName: 'Em\nBcc: x' },
        'First name must not contain line breaks or control characters',
      ],
      [{ lastName: 'J\u0007' }, 'Last name must not contain line breaks or control characters'],
      [{ phone: '555\r\n0100' }, 'Phone must not contain line breaks or control characters'],
      [
        { address: { city: 'Tucson\u2028Fake line' } },
        'City must not contain line breaks or control characters',
      ],
      [
        { address: { address: '1 Main \u202EteertS' } },
        'Address must not contain line breaks or control characters',
      ],
    ] as const) {
      const res = await api.call('/api/users/1', { method: 'PATCH', token: accessToken, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await res.json()).toEqual({ message })
    }
    // A joiner, which Devanagari needs, is plain text.
    const joined = await api.call('/api/users/1', {
      method: 'PATCH',
      token: accessToken,
      body: { lastName: 'क्\u200Dष' },
    })
    expect(joined.status).toBe(200)
    const registered = await register({ ...registration, firstName: 'Asha\tV' })
    expect(registered.res.status).toBe(400)
    expect(registered.body).toEqual({
      message: 'First name must not contain line breaks or control characters',
    })
  })

  it('checks the id, the token and the user before reading the body', async () => {
    const { accessToken } = await login(api)
    await register()
    const cases: [string, string | undefined, number, string][] = [
      ['x', accessToken, 400, "Invalid user id 'x'"],
      ['1', undefined, 401, 'Access Token is required'],
      ['999', accessToken, 403, 'You may only access your own user'],
      ['2', accessToken, 403, 'You may only access your own user'],
      ['1', accessToken, 400, 'Invalid JSON body'],
    ]
    for (const [id, token, status, message] of cases) {
      for (const method of ['PUT', 'PATCH']) {
        const res = await api.call(`/api/users/${id}`, { method, token, body: 'not json' })
        expect(res.status, `${method} ${id}`).toBe(status)
        expect(await res.json()).toEqual({ message })
      }
    }
  })

  it('answers the same errors as GET, and 400 for bad fields or a taken email', async () => {
    const { accessToken } = await login(api)
    expect(
      (await api.call('/api/users/1', { method: 'PUT', body: { firstName: 'X' } })).status,
    ).toBe(401)
    expect(
      (await api.call('/api/users/x', { method: 'PUT', token: accessToken, body: {} })).status,
    ).toBe(400)
    await register()
    expect(
      (await api.call('/api/users/2', { method: 'PUT', token: accessToken, body: {} })).status,
    ).toBe(403)
    const taken = await api.call('/api/users/1', {
      method: 'PUT',
      token: accessToken,
      body: { email: 'asha.verma@example.com', currentPassword: 'emilyspass' },
    })
    expect(taken.status).toBe(400)
    expect(await taken.json()).toEqual({ message: 'Email already exists' })
    const bad = await api.call('/api/users/1', {
      method: 'PUT',
      token: accessToken,
      body: { lastName: '' },
    })
    expect(await bad.json()).toEqual({ message: 'Last name is required' })
  })
})

describe('secrets never leave the server', () => {
  it('no user answer carries the password or its hash', async () => {
    const { body: created } = await register()
    const { accessToken } = await login(api, 'ashav', 'S3cret-pass')
    const answers = [
      JSON.stringify(created),
      await (
        await api.call('/api/auth/login', { body: { username: 'ashav', password: 'S3cret-pass' } })
      ).text(),
      await (await api.call('/api/auth/me', { token: accessToken })).text(),
      await (await api.call('/api/users/2', { token: accessToken })).text(),
      await (
        await api.call('/api/users/2', {
          method: 'PUT',
          token: accessToken,
          body: { password: 'An0ther-one', currentPassword: 'S3cret-pass' },
        })
      ).text(),
    ]
    expect(JSON.parse(answers.at(-1) ?? '{}')).toMatchObject({ id: 2 })
    for (const text of answers) {
      expect(text).not.toContain('S3cret-pass')
      expect(text).not.toContain('An0ther-one')
      expect(text).not.toMatch(/scrypt|password/i)
    }
  })
})

describe('what one address may do with accounts (decisions.md § Operations, account limits)', () => {
  const person = (i: number, from = 'a') => ({
    ...registration,
    userName: `shopper${from}${i}`,
    email: `shopper${from}${i}@example.com`,
  })
  const registerFrom = async (client: string, body: Record<string, unknown>) => {
    const res = await api.call('/api/users/add', { body, client })
    return {
      status: res.status,
      retryAfter: res.headers.get('Retry-After'),
      body: (await res.json()) as unknown,
    }
  }

  it('lets an address register 50 accounts in 10 minutes (a classroom), then answers 429, and others as before', async () => {
    const { limit, windowMs } = DEFAULT_CLIENT_LIMITS.registrationsPerAddress
    for (let i = 0; i < limit; i++)
      expect((await registerFrom('198.51.100.10', person(i))).status).toBe(201)
    const refused = await registerFrom('198.51.100.10', person(limit))
    expect(refused).toMatchObject({
      status: 429,
      body: { message: 'Too many accounts created from this address, please try again later' },
    })
    expect(Number(refused.retryAfter)).toBeGreaterThan(windowMs / 1000 - 60)
    expect((await registerFrom('198.51.100.11', person(limit))).status).toBe(201)
    api.clock.advance(windowMs)
    expect((await registerFrom('198.51.100.10', person(limit + 1))).status).toBe(201)
  })

  it('tells an address 30 times an hour that a name is taken, then refuses its checks', async () => {
    const client = '198.51.100.20'
    for (let i = 0; i < 30; i++) {
      const taken = await registerFrom(client, { ...person(i), userName: 'emilys' })
      expect(taken.body).toEqual({ message: 'Username already exists' })
    }
    // Whether the name is taken or not: the answer no longer tells.
    for (const body of [{ ...person(30), userName: 'emilys' }, person(31)])
      expect(await registerFrom(client, body)).toMatchObject({
        status: 429,
        body: { message: 'Too many account checks from this address, please try again later' },
      })
    // A profile's email change is such a check too.
    const { accessToken, id } = await login(api)
    const change = await api.call(`/api/users/${id}`, {
      method: 'PUT',
      token: accessToken,
      body: { email: 'somebody@example.com', currentPassword: 'emilyspass' },
      client,
    })
    expect(change.status).toBe(429)
    // Registrations refused as taken were not counted as registrations: another address is free.
    expect((await registerFrom('198.51.100.21', person(32))).status).toBe(201)
  })

  it('counts checks made at once, so a burst cannot slip past the limit', async () => {
    await register()
    const { accessToken, id } = await login(api)
    const answers = await Promise.all(
      Array.from({ length: 45 }, () =>
        api.call(`/api/users/${id}`, {
          method: 'PATCH',
          token: accessToken,
          body: { username: registration.userName },
          client: '198.51.100.30',
        }),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 400)).toHaveLength(30)
    expect(statuses.filter((status) => status === 429)).toHaveLength(15)
  })

  it('counts a profile’s email taken by someone else against its address', async () => {
    const { accessToken, id } = await login(api)
    const change = (email: string) =>
      api.call(`/api/users/${id}`, {
        method: 'PUT',
        token: accessToken,
        body: { email, currentPassword: 'emilyspass' },
        client: '198.51.100.40',
      })
    await register()
    for (let i = 0; i < 30; i++) expect((await change(registration.email)).status).toBe(400)
    expect((await change('fresh@example.com')).status).toBe(429)
  })
})
