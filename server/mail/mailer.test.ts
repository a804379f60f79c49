import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createMetrics } from '../observability/metrics.ts'
import { openSqliteStorage } from '../storage/sqlite.ts'
import { startSmtpServer, type TestSmtpServer } from '../../testing/smtp-server.ts'
import { newOrderKey, orderBody } from '../../testing/orders.ts'
import { plainText, resetLinkIn } from '../../testing/mail-text.ts'
import { capturedLogs, createTestApi, TEST_SECRET, type TestApi } from '../../testing/test-api.ts'
import type { OutboxMessage, QueuedMessage } from './outbox.ts'
import { DEMO_SHOPPER } from '../users/seed-users.ts'
import { LEASE_MS, MAX_ATTEMPTS, retryDelayMs, SEND_MS, startMailer } from './mailer.ts'
import { mailSeal } from './sealed-mail.ts'
import { outboxFolderTransport, smtpTransport, type MailTransport } from './transport.ts'

const FROM = 'Meridian <orders@shop.test>'
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** An order of product 2; the `shopper`th of many (an address and a mailbox of its own) if given. */
const placeOrder = async (api: TestApi, quantity = 1, shopper?: number) => {
  const body = orderBody(2, quantity)
  const res = await api.call('/api/orders', {
    headers: { 'Idempotency-Key': newOrderKey() },
    body: shopper === undefined ? body : { ...body, email: `shopper${shopper}@example.com` },
    ...(shopper !== undefined && { client: `198.51.100.${shopper + 1}` }),
  })
  expect(res.status).toBe(201)
  return (await res.json()) as { number: string; total: number }
}

/** The test API with a mailer over `transport`, woken by each queued mail as the server's is. */
async function shopWithMailer(
  transport: MailTransport,
  storage = openSqliteStorage(':memory:'),
  open?: (message: QueuedMessage) => OutboxMessage,
) {
  const logs = capturedLogs()
  const metrics = createMetrics({ processMetrics: false })
  const api = await createTestApi(storage, { logger: logs.logger })
  const mailer = startMailer({
    outbox: api.storage.outbox,
    transport,
    clock: api.clock,
    logger: logs.logger,
    metrics,
    open,
  })
  cleanups.push(() => mailer.close())
  const sent = async (result: string) =>
    (await metrics.mailSent.get()).values.find((value) => value.labels.result === result)?.value ??
    0
  return { api, mailer, logs, sent }
}

async function smtpServer(): Promise<TestSmtpServer> {
  const smtp = await startSmtpServer()
  cleanups.push(() => smtp.stop())
  return smtp
}

describe('the order confirmation by SMTP (SMTP_URL)', () => {
  it('goes once the order is stored: once, in text and HTML, with a Message-ID of its own', async () => {
    const smtp = await smtpServer()
    const { api, mailer, sent } = await shopWithMailer(smtpTransport(smtp.url, FROM))
    const order = await placeOrder(api)
    await expect.poll(() => smtp.received.length).toBe(1)
    const [mail] = smtp.received
    expect(mail?.header('Subject')).toBe(`Your Meridian order ${order.number}`)
    expect(mail?.header('To')).toBe('asha@example.com')
    expect(mail?.header('From')).toBe(FROM)
    expect(mail?.header('Message-ID')).toBe(`<order-${order.number}@shop.test>`)
    expect(mail?.header('Content-Type')).toMatch(/^multipart\/alternative/)
    expect(mail?.raw).toContain('Content-Type: text/plain')
    expect(mail?.raw).toContain('Content-Type: text/html')
    expect(mail?.raw).toContain(order.number)
    await expect.poll(() => api.storage.outbox.pending()).toBe(0)
    expect(await sent('sent')).toBe(1)
    // Woken again: nothing is sent twice.
    mailer.wake()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(smtp.received).toHaveLength(1)
  })

  it('keeps a message the server refuses, tries it again later, and never fails its order', async () => {
    const smtp = await smtpServer()
    smtp.refusing = true
    const { api, mailer, sent, logs } = await shopWithMailer(smtpTransport(smtp.url, FROM))
    const order = await placeOrder(api)
    await expect.poll(() => sent('failed')).toBe(1)
    expect(await api.storage.outbox.pending()).toBe(1)
    expect(logs.lines.find((line) => line.msg === 'mail failed, to be tried again')).toMatchObject({
      mail: `order-${order.number}`,
      attempts: 1,
    })
    // Not before its time comes.
    smtp.refusing = false
    mailer.wake()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(smtp.received).toHaveLength(0)
    api.clock.advance(retryDelayMs(1))
    mailer.wake()
    await expect.poll(() => smtp.received.length).toBe(1)
    expect(smtp.received[0]?.raw).toContain(order.number)
    expect(JSON.stringify(logs.lines)).not.toContain('asha@example.com')
  })

  it('sends each message once with two mailers on one database', async () => {
    const smtp = await smtpServer()
    const dir = mkdtempSync(join(tmpdir(), 'meridian-mailers-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const file = join(dir, 'users.db')
    const one = await shopWithMailer(smtpTransport(smtp.url, FROM), openSqliteStorage(file))
    const two = await shopWithMailer(smtpTransport(smtp.url, FROM), openSqliteStorage(file))
    const numbers = []
    for (let i = 0; i < 10; i++)
      numbers.push((await placeOrder(i % 2 ? one.api : two.api, 1, i)).number)
    // One connection per message, one after another: give the ten a few seconds.
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(10)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const ids = smtp.received.map((mail) => mail.header('Message-ID'))
    expect(new Set(ids).size).toBe(10)
    expect(ids.sort()).toEqual(numbers.map((number) => `<order-${number}@shop.test>`).sort())
  }, 30_000)
})

describe('the mailer', () => {
  it(`gives a message up after ${MAX_ATTEMPTS} failures, as an error in the log`, async () => {
    const broken: MailTransport = {
      description: 'nowhere',
      send: () => Promise.reject(new Error('550 mailbox unavailable')),
      close: () => undefined,
    }
    const { api, mailer, sent, logs } = await shopWithMailer(broken)
    await placeOrder(api)
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await expect.poll(async () => (await sent('failed')) + (await sent('given-up'))).toBe(attempt)
      api.clock.advance(retryDelayMs(attempt))
      mailer.wake()
    }
    expect(await sent('given-up')).toBe(1)
    expect(await api.storage.outbox.pending()).toBe(0)
    expect(logs.lines.find((line) => line.msg === 'mail given up')).toMatchObject({
      level: 'error',
    })
  })
  it("hands a claimed message over only while its lease has a send's time left; the rest wait for it to run out", async () => {
    const handed: string[] = []
    const holder: { api?: TestApi; release?: () => void } = {}
    // A server slow to answer: each send takes more than the lease can spare after it.
    const slow: MailTransport = {
      description: 'a slow server',
      async send(message) {
        if (handed.length === 0) await new Promise<void>((resolve) => (holder.release = resolve))
        holder.api?.clock.advance(LEASE_MS - SEND_MS + 10_000)
        handed.push(message.id)
      },
      close: () => undefined,
    }
    const { api, mailer } = await shopWithMailer(slow)
    holder.api = api
    const first = await placeOrder(api)
    await expect.poll(() => holder.release).toBeDefined()
    // Both wait for the pass under way, then are claimed together, under one lease.
    const second = await placeOrder(api)
    const third = await placeOrder(api)
    holder.release?.()
    await expect.poll(() => handed.length).toBe(2)
    mailer.wake()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(handed).toEqual([`order-${first.number}`, `order-${second.number}`])
    expect(await api.storage.outbox.pending()).toBe(1)
    // Once its lease has run out, the third is claimed again and sent, once.
    api.clock.advance(LEASE_MS)
    mailer.wake()
    await expect.poll(() => handed.length).toBe(3)
    expect(handed[2]).toBe(`order-${third.number}`)
    await expect.poll(() => api.storage.outbox.pending()).toBe(0)
  }, 30_000)
})

describe('a password reset link’s mail', () => {
  const askForLink = async (api: TestApi) => {
    const res = await api.call('/api/auth/forgot-password', { body: { email: DEMO_SHOPPER.email } })
    expect(res.status).toBe(202)
  }

  it('waits sealed, and is opened as it is sent: the link in the mail, only its id in the log', async () => {
    const smtp = await smtpServer()
    const { api, logs, sent } = await shopWithMailer(
      smtpTransport(smtp.url, FROM),
      undefined,
      mailSeal(TEST_SECRET).open,
    )
    await askForLink(api)
    await expect.poll(() => smtp.received.length).toBe(1)
    const [mail] = smtp.received
    expect(mail?.header('Subject')).toBe('Reset your Meridian password')
    expect(mail?.header('To')).toBe(DEMO_SHOPPER.email)
    expect(mail?.header('Message-ID')).toMatch(/^<reset-[\w-]+@shop\.test>$/)
    const { url, token } = resetLinkIn(plainText(mail?.raw ?? ''))
    expect(url).toBe(`http://localhost/reset-password?token=${token}`)
    expect(await sent('sent')).toBe(1)
    const check = await api.call('/api/auth/reset-password/check', { body: { token } })
    expect(await check.json()).toEqual({ status: 'valid' })
    expect(JSON.stringify(logs.lines)).not.toContain(token)
  })

  it('is never sent by a mailer without the key that sealed it: it fails, and is tried again', async () => {
    const smtp = await smtpServer()
    const { api, logs, sent } = await shopWithMailer(
      smtpTransport(smtp.url, FROM),
      undefined,
      mailSeal('another-secret-that-is-long-enough-for-hs256').open,
    )
    await askForLink(api)
    await expect.poll(() => sent('failed')).toBe(1)
    expect(smtp.received).toEqual([])
    expect(await api.storage.outbox.pending()).toBe(1)
    expect(logs.lines.find((line) => line.msg === 'mail failed, to be tried again')).toMatchObject({
      mail: expect.stringMatching(/^reset-/) as string,
      err: 'a sealed message no key of this server opens',
    })
  })
})

describe('the order confirmation as files (no SMTP_URL)', () => {
  it('writes each message as an RFC 5322 .eml file in the outbox folder, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'meridian-outbox-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const outbox = join(dir, 'outbox')
    const transport = outboxFolderTransport(outbox, FROM)
    const { api } = await shopWithMailer(transport)
    const order = await placeOrder(api)
    const file = join(outbox, `order-${order.number}.eml`)
    await expect.poll(() => existsSync(file)).toBe(true)
    const raw = readFileSync(file, 'utf8')
    for (const header of [
      `From: ${FROM}`,
      'To: asha@example.com',
      `Subject: Your Meridian order ${order.number}`,
      `Message-ID: <order-${order.number}@shop.test>`,
      'MIME-Version: 1.0',
    ])
      expect(raw).toContain(header)
    expect(raw).toMatch(/^Date: /m)
    // The same message again is the same file.
    await transport.send({
      id: `order-${order.number}`,
      to: 'x@y.z',
      subject: 's',
      text: 't',
      html: 'h',
    })
    expect(readdirSync(outbox)).toEqual([`order-${order.number}.eml`])
  })
})
