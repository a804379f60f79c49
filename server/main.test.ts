import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startServerProcess } from '../testing/server-process.ts'
import { plainText, resetLinkIn } from '../testing/mail-text.ts'
import { requestInit } from '../testing/test-api.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'meridian-main-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** Starts the real server process as `npm start` does, on a free port, with its own data. */
const startServer = () =>
  startServerProcess(
    { DATA_DIR: dataDir, JWT_SECRET: '', DATABASE_URL: '' },
    { captureStderr: true },
  )

describe('npm start (server/launch.ts)', () => {
  it('runs the server with its allocator settings, and passes SIGTERM on: both exit cleanly', async () => {
    // As a shell without them: the launcher starts the server as a process of its own.
    const launcher = startServerProcess(
      { DATA_DIR: dataDir, JWT_SECRET: '', DATABASE_URL: '', MALLOC_MMAP_THRESHOLD_: '' },
      { captureStderr: true, entry: 'server/launch.ts' },
    )
    const url = await launcher.url
    expect((await fetch(`${url}/api/health`)).status).toBe(200)
    if (process.platform === 'linux') {
      const pid = launcher.child.pid ?? 0
      const [server] = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ')
      const environment = readFileSync(`/proc/${server}/environ`, 'utf8').split('\0')
      expect(environment).toContain('MALLOC_MMAP_THRESHOLD_=131072')
    }
    launcher.child.kill('SIGTERM')
    expect(await launcher.exited).toBe(0)
    expect(launcher.output()).toContain('SIGTERM received')
    await expect(fetch(`${url}/api/health`)).rejects.toThrow()
  }, 30_000)
})

describe('npm start (server/main.ts)', () => {
  it('serves the API on PORT, keeps users in DATA_DIR, and shuts down cleanly on SIGTERM', async () => {
    const server = startServer()
    const url = await server.url
    const products = await fetch(`${url}/api/products?limit=1`)
    expect(products.status).toBe(200)
    expect(((await products.json()) as { total: number }).total).toBeGreaterThanOrEqual(160)
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'emilys', password: 'emilyspass' }),
    })
    expect(login.status).toBe(200)
    expect(server.output()).toContain('data in SQLite, mail to files in ')

    // Without JWT_SECRET the server generates one and keeps it beside the database, owner-only.
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600)
    expect(statSync(join(dataDir, 'users.db')).isFile()).toBe(true)

    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(server.output()).toContain('SIGTERM received')
  }, 30_000)

  it('keeps a registration and a profile change answered 200 through a kill -9 right after', async () => {
    const first = startServer()
    const url = await first.url
    const post = (path: string, body: unknown, token?: string, method = 'POST') =>
      fetch(`${url}${path}`, requestInit({ method, body, token }))
    const registered = await post('/api/users/add', {
      username: 'durable',
      email: 'durable@example.com',
      firstName: 'Dura',
      lastName: 'Ble',
      password: 'first-pass1',
    })
    expect(registered.status).toBe(201)
    const { id } = (await registered.json()) as { id: number }
    const { accessToken } = (await (
      await post('/api/auth/login', { username: 'durable', password: 'first-pass1' })
    ).json()) as {
      accessToken: string
    }
    const changed = await post(
      `/api/users/${id}`,
      { firstName: 'Durable', password: 'second-pass2', currentPassword: 'first-pass1' },
      accessToken,
      'PUT',
    )
    expect(changed.status).toBe(200)
    // No shutdown at all: the process dies the moment the answers are in.
    first.child.kill('SIGKILL')
    await first.exited

    const second = startServer()
    const again = await second.url
    const relogin = await fetch(`${again}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'durable', password: 'second-pass2' }),
    })
    expect(relogin.status).toBe(200)
    expect(await relogin.json()).toMatchObject({ firstName: 'Durable' })
    second.child.kill('SIGTERM')
    await second.exited
  }, 30_000)

  it("keeps an account copy's change and a password reset answered through a kill -9 right after", async () => {
    const first = startServer()
    const url = await first.url
    const call = (path: string, body: unknown, token?: string, method = 'POST') =>
      fetch(`${url}${path}`, requestInit({ method, body, token }))
    const email = 'kept-copy@example.com'
    const account = { username: 'keptcopy', email, firstName: 'Kept', lastName: 'Copy' }
    expect((await call('/api/users/add', { ...account, password: 'first-pass1' })).status).toBe(201)
    const { accessToken } = (await (
      await call('/api/auth/login', { username: 'keptcopy', password: 'first-pass1' })
    ).json()) as { accessToken: string }
    const now = Date.now()
    const cart = [{ id: 4, quantity: 2, changedAt: now }]
    const patched = await call('/api/account/state', { sentAt: now, cart }, accessToken, 'PATCH')
    expect(patched.status).toBe(200)
    // A reset link asked for, mailed to the outbox, and used.
    expect((await call('/api/auth/forgot-password', { email })).status).toBe(202)
    const outbox = join(dataDir, 'outbox')
    const mailTo = () =>
      (existsSync(outbox) ? readdirSync(outbox) : [])
        .filter((file) => file.endsWith('.eml'))
        .map((file) => readFileSync(join(outbox, file), 'utf8'))
        .find((raw) => raw.includes(`To: ${email}`))
    await expect.poll(mailTo, { timeout: 10_000 }).toBeDefined()
    const { token } = resetLinkIn(plainText(mailTo()!))
    const reset = await call('/api/auth/reset-password', { token, password: 'reset-pass3' })
    expect(reset.status).toBe(200)
    // No shutdown at all: the process dies the moment the answers are in.
    first.child.kill('SIGKILL')
    await first.exited

    const second = startServer()
    const again = await second.url
    const relogin = await fetch(
      `${again}/api/auth/login`,
      requestInit({ method: 'POST', body: { username: 'keptcopy', password: 'reset-pass3' } }),
    )
    expect(relogin.status).toBe(200)
    const { accessToken: token2 } = (await relogin.json()) as { accessToken: string }
    const copy = await fetch(`${again}/api/account/state`, requestInit({ token: token2 }))
    expect(((await copy.json()) as { cart: { id: number; quantity: number }[] }).cart).toEqual([
      expect.objectContaining({ id: 4, quantity: 2 }),
    ])
    // The link was spent before the kill: it cannot be used again.
    const spent = await fetch(
      `${again}/api/auth/reset-password/check`,
      requestInit({ method: 'POST', body: { token } }),
    )
    expect(spent.status).toBe(400)
    expect(await spent.json()).toMatchObject({ status: 'used' })
    second.child.kill('SIGTERM')
    await second.exited
  }, 30_000)

  it('rejects an invalid configuration with a readable message', async () => {
    const server = startServerProcess(
      { PORT: 'eighty', DATA_DIR: dataDir },
      { captureStderr: true },
    )
    const code = await server.exited
    expect(code).not.toBe(0)
    expect(server.output()).toContain('PORT must be a whole number from 0 to 65535')
  }, 30_000)

  it("requires JWT_SECRET with DATABASE_URL, so that replicas accept each other's tokens", async () => {
    const server = startServerProcess(
      { DATA_DIR: dataDir, DATABASE_URL: 'postgres://shop@127.0.0.1:1/meridian', JWT_SECRET: '' },
      { captureStderr: true },
    )
    expect(await server.exited).toBe(1)
    expect(server.output()).toMatch(
      /^Meridian cannot start: .*JWT_SECRET is required when DATABASE_URL is set/m,
    )
  }, 30_000)

  it('ends with one readable line when the database cannot be reached', async () => {
    const server = startServerProcess(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://shop:s3cret@127.0.0.1:1/meridian',
        JWT_SECRET: 'x'.repeat(32),
      },
      { captureStderr: true },
    )
    expect(await server.exited).toBe(1)
    expect(server.output()).toMatch(
      /^Meridian cannot start: The database is unavailable: .*ECONNREFUSED/m,
    )
    expect(server.output()).not.toContain('s3cret')
  }, 30_000)
})
