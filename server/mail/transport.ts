import { chmodSync, existsSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { PRIVATE_FILE, privateDir } from '../data-dir.ts'
import type { OutboxMessage } from './outbox.ts'

/** Where mail goes: an SMTP server, or a folder of `.eml` files (api.md § Orders, mail). */
export interface MailTransport {
  /** Hands the message on; resolves once the other side has it, rejects if it refused it. */
  send(message: OutboxMessage): Promise<void>
  /** What the log and the start-up line say of it (never a password). */
  readonly description: string
  close(): void
}

/**
 * A message's Message-ID: the same for every attempt to send it, so that a copy sent twice (the
 * server stopped after the SMTP server took it, before it could note so) is known as one.
 */
const messageIdOf = (message: OutboxMessage, domain: string) => `<${message.id}@${domain}>`

const fields = (message: OutboxMessage, from: string, domain: string) => ({
  from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  messageId: messageIdOf(message, domain),
})

/** The domain of a From address (`Meridian <orders@shop.example>`), for the Message-IDs. */
const domainOf = (from: string) => /@([^>\s]+)/.exec(from)?.[1] ?? 'meridian.invalid'

/**
 * How long the SMTP transport waits for a server that says nothing: to connect and greet, and for
 * each answer. nodemailer's own defaults (2 and 10 minutes) outlast the mailer's 2-minute lease
 * (mailer.ts), after which another replica may send the same message; a server silent this long
 * fails the try, which is made again later.
 */
export const SMTP_TIMEOUT_MS = 30_000

/** SMTP_URL: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  })
  const { protocol, host } = new URL(url)
  return {
    description: `SMTP at ${protocol}//${host}`,
    async send(message) {
      await transporter.sendMail(fields(message, from, domainOf(from)))
    },
    close: () => transporter.close(),
  }
}

/**
 * Each message as an RFC 5322 file in `dir` (`<id>.eml`), for `npm start` with nothing more to
 * set up: a mail client opens them, a test reads them. Written whole under another name, then
 * renamed: a reader never sees half a message, and a message written again is one file still.
 */
export function outboxFolderTransport(dir: string, from: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true })
  return {
    description: `files in ${dir}`,
    async send(message) {
      const file = join(dir, `${message.id}.eml`)
      if (existsSync(file)) return
      const { message: raw } = await composer.sendMail(fields(message, from, domainOf(from)))
      // `buffer: true` makes the whole message a Buffer.
      if (!Buffer.isBuffer(raw)) throw new Error('the message was not composed whole')
      // The server's own (server/data-dir.ts): a mail may carry a reset link.
      privateDir(dir)
      const partial = `${file}.${process.pid}.partial`
      writeFileSync(partial, raw, { mode: PRIVATE_FILE })
      chmodSync(partial, PRIVATE_FILE)
      renameSync(partial, file)
    },
    close: () => composer.close(),
  }
}
