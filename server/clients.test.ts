import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJsonFrom, requestFrom } from '../testing/from-address.ts'
import { drainFrom, orderBody, orderFrom, plainProducts, unitsInShop } from '../testing/orders.ts'
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts'

/**
 * The limits that count per client, on the server as `npm start` runs it by default: facing its
 * clients with no proxy (no TRUST_PROXY), each client at an address of its own (127.0.0.x; all
 * of 127.0.0.0/8 is this machine), as shoppers and an attacker would be on a network.
 */

const METRICS_TOKEN = 'clients-test-metrics-token'
const dataDirs: string[] = []
const servers: ServerProcess[] = []

async function startServer(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-clients-'))
  dataDirs.push(dataDir)
  const server = startServerProcess(
    { DATA_DIR: dataDir, JWT_SECRET: '', DATABASE_URL: '', TRUST_PROXY: '', METRICS_TOKEN, ...env },
    { captureStderr: true },
  )
  servers.push(server)
  // By its address: `localhost` may name ::1 first, where a 127.0.0.x source cannot connect.
  return { url: (await server.url).replace('localhost', '127.0.0.1'), dataDir }
}

afterAll(async () => {
  for (const server of servers) {
    server.child.kill('SIGTERM')
    await server.exited
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

const signIn = (from: string, url: string, username: string, password: string) =>
  postJsonFrom(from, `${url}/api/auth/login`, { username, password })

describe('npm start, clients at distinct addresses (no proxy)', () => {
  let url: string
  let dataDir: string
  beforeAll(async () => {
    const server = await startServer()
    url = server.url
    dataDir = server.dataDir
  }, 30_000)

  it('lets an account’s owner sign in while another address has guessed its password 11 times', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push((await signIn('127.0.0.33', url, 'emilys', `wrong-${i}`)).status)
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 400), 429])
    expect((await signIn('127.0.0.44', url, 'emilys', 'emilyspass')).status).toBe(200)
    // The guesser stays refused.
    expect((await signIn('127.0.0.33', url, 'emilys', 'emilyspass')).status).toBe(429)
  }, 30_000)

  it('lets other addresses sign in while one address sprays made-up user names', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 25; i++)
      statuses.push((await signIn('127.0.0.3', url, `nobody${i}`, 'guess')).status)
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true)
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true)
    for (const from of ['127.0.0.1', '127.0.0.5'])
      expect((await signIn(from, url, 'emilys', 'emilyspass')).status, from).toBe(200)
  }, 30_000)

  it('counts each address’s reports against its own allowance', async () => {
    const report = { route: '/', build: 'b1', metrics: [{ name: 'LCP', value: 900 }] }
    const send = (from: string) => postJsonFrom(from, `${url}/api/vitals`, report)
    for (let i = 0; i < 30; i++) expect((await send('127.0.0.6')).status).toBe(204)
    expect((await send('127.0.0.6')).status).toBe(429)
    expect((await send('127.0.0.7')).status).toBe(204)
  }, 30_000)

  it('lets a classroom on one address register (40 in ten minutes), and bounds an attacker on one (at most 75 in a minute)', async () => {
    const register = (from: string, name: string) =>
      postJsonFrom(from, `${url}/api/users/add`, {
        username: name,
        email: `${name}@example.com`,
        firstName: 'Reg',
        lastName: 'Istered',
        password: 'S3cret-pass',
      })
    // A class of 40, every pupil pressing the button at the same moment.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => register('127.0.0.8', `pupil${i}`)),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(201))
    // An attacker sends 100 at once from another address: a bounded number go through.
    const flood = await Promise.all(
      Array.from({ length: 100 }, (_, i) => register('127.0.0.9', `flood${i}`)),
    )
    const made = flood.filter((answer) => answer.status === 201).length
    expect(made).toBeGreaterThan(0)
    expect(made).toBeLessThanOrEqual(75)
    const refused = flood.find((answer) => answer.status === 429)
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0)
    // A third address is someone else.
    expect((await register('127.0.0.19', 'another0')).status).toBe(201)
  }, 90_000)

  it('limits forgotten-password requests per address, and the mails an account gets from all of them', async () => {
    const forgot = (from: string, email: string) =>
      postJsonFrom(from, `${url}/api/auth/forgot-password`, { email })
    for (let i = 0; i < 10; i++)
      expect((await forgot('127.0.0.12', `nobody${i}@example.com`)).status).toBe(202)
    const refused = await forgot('127.0.0.12', 'nobody10@example.com')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // Seven addresses ask for one account's link: each gets the same answer, the account 5 mails.
    const email = 'emily.johnson@example.com'
    for (let i = 0; i < 7; i++) expect((await forgot(`127.0.0.${20 + i}`, email)).status).toBe(202)
    const mailsTo = () =>
      readdirSync(join(dataDir, 'outbox'))
        .filter((file) => file.endsWith('.eml'))
        .filter((file) =>
          readFileSync(join(dataDir, 'outbox', file), 'utf8').includes(`To: ${email}`),
        )
    await expect.poll(mailsTo, { timeout: 10_000 }).toHaveLength(5)
  }, 30_000)

  it('takes sign-in and registration as JSON only', async () => {
    for (const path of ['/api/auth/login', '/api/users/add']) {
      const res = await requestFrom('127.0.0.10', `${url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ username: 'emilys', password: 'emilyspass' }),
      })
      expect(res.status, path).toBe(415)
    }
  })

  it('answers a Host naming another port 421, its own port and no port as before', async () => {
    const { port } = new URL(url)
    const status = async (host: string) =>
      (await requestFrom('127.0.0.11', `${url}/api/products/1`, { headers: { Host: host } })).status
    expect(await status('127.0.0.1:6666')).toBe(421)
    expect(await status('localhost:6666')).toBe(421)
    expect(await status(`127.0.0.1:${port}`)).toBe(200)
    expect(await status(`localhost:${port}`)).toBe(200)
    expect(await status('localhost')).toBe(200)
  })

  it('keeps one answer for addresses that differ only in parameters the API does not read', async () => {
    const hits = async () => {
      const metrics = await requestFrom('127.0.0.12', `${url}/metrics`, {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      })
      const line = /^cache_lookups_total\{cache="api",result="hit"\} (\d+)/m.exec(metrics.text)
      return Number(line?.[1] ?? 0)
    }
    const first = await requestFrom('127.0.0.12', `${url}/api/products?limit=3`)
    const before = await hits()
    for (let i = 0; i < 5; i++) {
      const again = await requestFrom('127.0.0.12', `${url}/api/products?limit=3&u=${i}`)
      expect(again.text).toBe(first.text)
    }
    expect(await hits()).toBe(before + 5)
  })
})

describe('npm start behind a proxy (TRUST_PROXY)', () => {
  it('counts the address the proxy added, whatever the client wrote before it', async () => {
    const { url } = await startServer({ TRUST_PROXY: 'true' })
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const res = await requestFrom('127.0.0.20', `${url}/api/auth/login`, {
        method: 'POST',
        // A client that writes a new address of its own each time, before the proxy's.
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': `10.0.${i}.1, 203.0.113.50`,
        },
        body: JSON.stringify({ username: 'emilys', password: `wrong-${i}` }),
      })
      statuses.push(res.status)
    }
    expect(statuses.at(-1)).toBe(429)
    // Another shopper behind the same proxy (the same socket address) is someone else.
    const owner = await requestFrom('127.0.0.20', `${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.51' },
      body: JSON.stringify({ username: 'emilys', password: 'emilyspass' }),
    })
    expect(owner.status).toBe(200)
  }, 30_000)
})

describe('npm start: what one client may order, and whose the server’s files are', () => {
  let url: string
  let dataDir: string
  let server: ServerProcess
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'meridian-orders-'))
    dataDirs.push(dataDir)
    server = startServerProcess(
      { DATA_DIR: join(dataDir, 'data'), JWT_SECRET: '', DATABASE_URL: '', TRUST_PROXY: '' },
      { captureStderr: true, umask: 0o022 },
    )
    servers.push(server)
    url = (await server.url).replace('localhost', '127.0.0.1')
  }, 30_000)

  it('lets one address take at most 100 units an hour, and ten addresses ten times that: the shop stays open', async () => {
    const before = await unitsInShop(url)
    const one = await drainFrom('127.0.1.1', url)
    expect(one).toBeGreaterThan(0)
    expect(one).toBeLessThanOrEqual(100)
    expect(before - (await unitsInShop(url))).toBe(one)

    const ten = await Promise.all(
      Array.from({ length: 10 }, (_, i) => drainFrom(`127.0.1.${10 + i}`, url, i + 1)),
    )
    for (const taken of ten) expect(taken).toBeLessThanOrEqual(100)
    const left = await unitsInShop(url)
    expect(before - left).toBe(one + ten.reduce((sum, taken) => sum + taken, 0))
    expect(before - left).toBeLessThanOrEqual(1100)
    expect(left / before).toBeGreaterThan(0.85)
  }, 90_000)

  it('takes a real shopper’s orders from a shared address: 10 lines of 5, then two small ones', async () => {
    const products = (await plainProducts(url)).filter((p) => p.stock >= 10)
    const lines = products.slice(0, 10).map((p) => ({ productId: p.id, quantity: 5 }))
    const office = '127.0.1.40'
    const first = await orderFrom(office, url, { ...orderBody(1), lines, email: 'a@example.com' })
    expect(first.status, first.text).toBe(201)
    for (const product of products.slice(10, 12)) {
      const res = await orderFrom(office, url, {
        ...orderBody(product.id, 2),
        email: 'a@example.com',
      })
      expect(res.status, res.text).toBe(201)
    }
  })

  it('sends one recipient at most 5 order mails an hour, whatever the addresses', async () => {
    const products = await plainProducts(url)
    const victim = 'victim@example.org'
    const statuses: number[] = []
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await orderFrom(`127.0.1.${60 + i}`, url, {
            ...orderBody(products[i]?.id ?? 1),
            email: victim,
          })
        ).status,
      )
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429])
    const mailsTo = () =>
      readdirSync(join(dataDir, 'data', 'outbox'))
        .filter((file) => file.endsWith('.eml'))
        .filter((file) =>
          readFileSync(join(dataDir, 'data', 'outbox', file), 'utf8').includes(`To: ${victim}`),
        )
    await expect.poll(mailsTo, { timeout: 10_000 }).toHaveLength(5)
  })

  it('changes an email only with the current password, tells the old address, and ends its reset links', async () => {
    const from = '127.0.1.80'
    const signedIn = await signIn(from, url, 'emilys', 'emilyspass')
    const { accessToken, id } = JSON.parse(signedIn.text) as { accessToken: string; id: number }
    const put = (body: unknown) =>
      requestFrom(from, `${url}/api/users/${id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
        body: JSON.stringify(body),
      })
    expect(
      (
        await postJsonFrom(from, `${url}/api/auth/forgot-password`, {
          email: 'emily.johnson@example.com',
        })
      ).status,
    ).toBe(202)
    const outbox = join(dataDir, 'data', 'outbox')
    const mailText = (needle: string) =>
      readdirSync(outbox)
        .filter((file) => file.endsWith('.eml'))
        .map((file) => readFileSync(join(outbox, file), 'utf8'))
        .find((text) => text.includes(needle))
    await expect.poll(() => mailText('reset-password?token='), { timeout: 10_000 }).toBeDefined()
    const token = /token=([\w-]+)/.exec(mailText('reset-password?token=') ?? '')?.[1] ?? ''

    const stolen = await put({ email: 'attacker@example.net' })
    expect(stolen.status).toBe(400)
    expect(JSON.parse(stolen.text)).toMatchObject({ message: 'Current password is required' })
    const owner = await put({ email: 'emily.moved@example.com', currentPassword: 'emilyspass' })
    expect(owner.status, owner.text).toBe(200)
    await expect
      .poll(() => mailText('Subject: Your Meridian email address was changed'), { timeout: 10_000 })
      .toContain('To: emily.johnson@example.com')
    const reset = await postJsonFrom(from, `${url}/api/auth/reset-password`, {
      token,
      password: 'taken-0ver',
    })
    expect(reset.status).toBe(400)
  })

  it('refuses line breaks and control characters in every form’s free text, naming the field', async () => {
    const from = '127.0.1.90'
    const registration = await postJsonFrom(from, `${url}/api/users/add`, {
      username: 'ctrl1',
      email: 'ctrl1@example.com',
      firstName: 'Asha\r\nBcc: all@example.com',
      lastName: 'Verma',
      password: 'S3cret-pass',
    })
    expect(registration.status).toBe(400)
    expect(JSON.parse(registration.text)).toMatchObject({
      message: 'First name must not contain line breaks or control characters',
    })
    const product = (await plainProducts(url))[0]?.id ?? 1
    for (const [body, message] of [
      [
        {
          ...orderBody(product),
          address: { ...orderBody(product).address, city: 'Pune\nPAID IN FULL' },
        },
        "Invalid 'address.city': Line breaks and control characters are not allowed",
      ],
      [
        {
          ...orderBody(product),
          address: { ...orderBody(product).address, firstName: 'A\u202Eb' },
        },
        "Invalid 'address.firstName': Line breaks and control characters are not allowed",
      ],
      [
        { ...orderBody(product), promoCode: 'FLAT50\u0000' },
        "Invalid 'promoCode': Line breaks and control characters are not allowed",
      ],
    ] as const) {
      const res = await orderFrom(from, url, body)
      expect(res.status).toBe(400)
      expect(JSON.parse(res.text)).toMatchObject({ message })
    }
    const signedIn = JSON.parse((await signIn(from, url, 'emilys', 'emilyspass')).text) as {
      accessToken: string
      id: number
    }
    const profile = await requestFrom(from, `${url}/api/users/${signedIn.id}`, {
      method: 'PATCH',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${signedIn.accessToken}`,
      },
      body: JSON.stringify({ lastName: 'Johnson\tx' }),
    })
    expect(profile.status).toBe(400)
    expect(JSON.parse(profile.text)).toMatchObject({
      message: 'Last name must not contain line breaks or control characters',
    })
  })

  it('keeps its folder 0700 and its files 0600 under umask 022, and tightens an older install at start', async () => {
    const data = join(dataDir, 'data')
    const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8)
    const files = () => [
      'users.db',
      'users.db-wal',
      'users.db-shm',
      'jwt-secret',
      ...readdirSync(join(data, 'outbox')).map((file) => join('outbox', file)),
    ]
    const modes = (): Record<string, string> =>
      Object.fromEntries(
        ['.', 'outbox', ...files().filter((file) => existsSync(join(data, file)))].map((file) => [
          file,
          modeOf(join(data, file)),
        ]),
      )
    const privateModes = () =>
      Object.fromEntries(
        Object.keys(modes()).map((file) => [
          file,
          file === '.' || file === 'outbox' ? '700' : '600',
        ]),
      )
    expect(files().filter((file) => file.endsWith('.eml')).length).toBeGreaterThan(0)
    expect(modes()).toEqual(privateModes())

    // An install from before: its folder and files as umask 022 left them.
    server.child.kill('SIGTERM')
    await server.exited
    for (const [file] of Object.entries(modes()))
      chmodSync(join(data, file), file === '.' || file === 'outbox' ? 0o755 : 0o644)
    expect(modeOf(join(data, 'users.db'))).toBe('644')
    server = startServerProcess(
      { DATA_DIR: data, JWT_SECRET: '', DATABASE_URL: '', TRUST_PROXY: '' },
      { captureStderr: true, umask: 0o022 },
    )
    servers.push(server)
    url = (await server.url).replace('localhost', '127.0.0.1')
    expect(modes()).toEqual(privateModes())
  }, 30_000)
})

describe('npm start with TRUSTED_CLIENTS', () => {
  it('does not hold a trusted range to the limits keyed on an address; an account’s still hold', async () => {
    const { url } = await startServer({ TRUSTED_CLIENTS: '127.0.2.0/24' })
    const register = (from: string, name: string) =>
      postJsonFrom(from, `${url}/api/users/add`, {
        username: name,
        email: `${name}@example.com`,
        firstName: 'Test',
        lastName: 'Runner',
        password: 'S3cret-pass',
      })
    const runner = '127.0.2.5'
    const made = await Promise.all(
      Array.from({ length: 60 }, (_, i) => register(runner, `runner${i}`)),
    )
    expect(made.every((answer) => answer.status === 201)).toBe(true)
    const products = await plainProducts(url)
    const big = products.find((p) => p.stock >= 120)
    expect(
      (await orderFrom(runner, url, { ...orderBody(big?.id ?? 1, 110), email: 'r@example.com' }))
        .status,
    ).toBe(201)
    // Spraying made-up names is not counted against it; guessing one account's password is.
    for (let i = 0; i < 25; i++)
      expect((await signIn(runner, url, `nobody${i}`, 'guess')).status).toBe(400)
    const guesses: number[] = []
    for (let i = 0; i < 11; i++)
      guesses.push((await signIn(runner, url, 'emilys', `wrong-${i}`)).status)
    expect(guesses.at(-1)).toBe(429)
    // An address outside the range is bounded as any other.
    expect(
      (
        await orderFrom('127.0.3.5', url, {
          ...orderBody(big?.id ?? 1, 101),
          email: 'o@example.com',
        })
      ).status,
    ).toBe(429)
  }, 60_000)
})
