import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { startServerProcess } from '../testing/server-process.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'meridian-operator-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** `npm run operator -- …` as an operator types it, on the server's DATA_DIR. */
async function operator(args: string[], env: Record<string, string> = {}, input?: string) {
  const run = promisify(execFile)(
    process.execPath,
    ['--experimental-strip-types', '--experimental-sqlite', 'server/operator-cli.ts', ...args],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: '', ...env } },
  )
  if (input !== undefined) {
    run.child.stdin?.end(`${input}\n`)
  } else run.child.stdin?.end()
  return run.then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      out: `${error.stdout}${error.stderr}`,
    }),
  )
}

const signIn = (url: string, email: string, password: string) =>
  fetch(`${url}/api/admin/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })

describe('npm run operator (docs/operating.md § The operator)', () => {
  it('adds, re-passwords and removes an operator while the server runs, which sees each at once', async () => {
    const server = startServerProcess({ DATA_DIR: dataDir, JWT_SECRET: '', DATABASE_URL: '' })
    try {
      const url = await server.url
      const added = await operator(['add', 'Ops@Shop.Example'], {
        OPERATOR_PASSWORD: 'a-long-operator-password',
      })
      expect(added).toEqual({
        code: 0,
        out: 'Operator ops@shop.example added: they sign in at /admin.\n',
      })
      const session = await signIn(url, 'ops@shop.example', 'a-long-operator-password')
      expect(session.status).toBe(200)
      const { token } = (await session.json()) as { token: string }
      const orders = () =>
        fetch(`${url}/api/admin/orders`, { headers: { Authorization: `Bearer ${token}` } })
      expect((await orders()).status).toBe(200)

      // A new password, from standard input as a script pipes it: the session ends.
      const renewed = await operator(['add', 'ops@shop.example'], {}, 'another-long-password')
      expect(renewed.out).toBe(
        'Operator ops@shop.example has a new password; their sessions have ended.\n',
      )
      expect((await orders()).status).toBe(401)
      expect((await signIn(url, 'ops@shop.example', 'another-long-password')).status).toBe(200)

      expect(await operator(['remove', 'ops@shop.example'])).toEqual({
        code: 0,
        out: 'Operator ops@shop.example removed; their sessions have ended.\n',
      })
      expect((await signIn(url, 'ops@shop.example', 'another-long-password')).status).toBe(401)
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  }, 60_000)

  it('says what is wrong: a short password, not an email, an unknown operator, no command', async () => {
    expect(await operator(['add', 'ops@shop.example'], { OPERATOR_PASSWORD: 'short' })).toEqual({
      code: 1,
      out: 'The password must be 12 to 128 characters long\n',
    })
    expect(await operator(['add', 'not-an-email'], { OPERATOR_PASSWORD: 'x'.repeat(12) })).toEqual({
      code: 1,
      out: 'Not an email address: not-an-email\n',
    })
    expect(await operator(['remove', 'nobody@shop.example'])).toEqual({
      code: 1,
      out: 'No operator nobody@shop.example\n',
    })
    const usage = await operator([])
    expect(usage.code).toBe(1)
    expect(usage.out).toContain('Usage: npm run operator -- add EMAIL')
  }, 30_000)
})
