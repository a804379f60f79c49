import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openSqliteStorage } from '../storage/sqlite.ts'
import {
  confirmationId,
  MAIL_FROM,
  orderBody,
  placeOrder,
  type PlacedOrder,
} from '../../testing/orders.ts'
import { startServerProcess, type ServerProcess } from '../../testing/server-process.ts'
import { startSmtpServer, type TestSmtpServer } from '../../testing/smtp-server.ts'
import { LEASE_MS } from './mailer.ts'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/**
 * A shop as `npm start` runs it (SQLite in DATA_DIR), mailing through a real SMTP server in this
 * process: `start()` starts its server, again on the same data after a kill.
 */
async function shop() {
  const smtp: TestSmtpServer = await startSmtpServer()
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-outbox-restart-'))
  const started: ServerProcess[] = []
  cleanups.push(async () => {
    for (const server of started) server.child.kill('SIGKILL')
    await Promise.all(started.map((server) => server.exited))
    await smtp.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  const start = (clockAheadMs = 0) => {
    const server = startServerProcess(
      { DATA_DIR: dataDir, JWT_SECRET: '', DATABASE_URL: '', SMTP_URL: smtp.url, MAIL_FROM },
      { captureStderr: true, clockAheadMs },
    )
    started.push(server)
    return server
  }
  const order = async (server: ServerProcess) => {
    const res = await placeOrder(await server.url, orderBody(2))
    expect(res.status).toBe(201)
    return (await res.json()) as PlacedOrder
  }
  /** How many copies of an order's confirmation arrived. */
  const copies = (order: PlacedOrder) =>
    smtp.messageIds().filter((id) => id === confirmationId(order.number)).length
  /** Stops a server with SIGTERM; then what its outbox still holds to send. */
  const stop = async (server: ServerProcess) => {
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    const storage = openSqliteStorage(join(dataDir, 'users.db'))
    try {
      return await storage.outbox.pending()
    } finally {
      await storage.close()
    }
  }
  return { smtp, start, order, copies, stop }
}

const killed = async (server: ServerProcess) => {
  server.child.kill('SIGKILL')
  expect(await server.exited).toBeNull()
}

/** A server killed with -9 between storing an order and sending its mail (decisions.md § Orders, mail from an outbox). */
describe('an order confirmation across a kill -9 of the server (SQLite)', () => {
  it('is sent once after the restart when the SMTP server refused it before the kill', async () => {
    const { smtp, start, order, copies, stop } = await shop()
    smtp.refusing = true
    const first = start()
    const placed = await order(first)
    // Stored with its order, tried, refused: it waits in the outbox for its next try.
    await expect
      .poll(() => first.output(), { timeout: 15_000 })
      .toContain('mail failed, to be tried again')
    await killed(first)

    smtp.refusing = false
    const second = start()
    // Its next try is 5 s after the refusal (retryDelayMs): the restarted server makes it.
    await expect.poll(() => copies(placed), { timeout: 30_000 }).toBe(1)
    // A later order's mail goes after it, by a later pass, which does not send it again.
    const later = await order(second)
    await expect.poll(() => copies(later), { timeout: 15_000 }).toBe(1)
    expect(copies(placed)).toBe(1)
    // Marked sent: nothing is left to send, whatever starts next.
    expect(await stop(second)).toBe(0)
    expect(smtp.messageIds().sort()).toEqual(
      [confirmationId(placed.number), confirmationId(later.number)].sort(),
    )
  }, 90_000)

  it('is sent once its lease has run out when the kill cut its send short', async () => {
    const { smtp, start, order, copies, stop } = await shop()
    smtp.stalling = true
    const first = start()
    const placed = await order(first)
    // The server handed the message over and waits for the SMTP server's answer: killed now.
    await expect.poll(() => smtp.stalled, { timeout: 15_000 }).toBe(1)
    await killed(first)
    smtp.stalling = false

    // Restarted at once: the message is still claimed by the dead process (its 2-minute lease,
    // decisions.md § Orders), which no replica can tell from one still sending it. A pass runs
    // (it sends a new order's mail) and leaves it alone.
    const second = start()
    const later = await order(second)
    await expect.poll(() => copies(later), { timeout: 15_000 }).toBe(1)
    expect(copies(placed)).toBe(0)
    expect(await stop(second)).toBe(1)

    // Started as if the lease had run out: it is sent, once.
    const third = start(LEASE_MS + 10_000)
    await third.url
    await expect.poll(() => copies(placed), { timeout: 30_000 }).toBe(1)
    expect(await stop(third)).toBe(0)
    expect(copies(placed)).toBe(1)
    expect(copies(later)).toBe(1)
  }, 90_000)
})
