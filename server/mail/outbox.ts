/**
 * The outbox: mail to send once what it tells of is committed (an order, a reset link, an email
 * changed), kept in the database (server/storage: sqlite-outbox.ts, postgres-outbox.ts) and sent
 * by one replica each (server/mail/mailer.ts), exactly once.
 */

/** A message to send once what it tells of is committed. */
export interface OutboxMessage {
  id: string
  to: string
  subject: string
  text: string
  html: string
}

/**
 * A message whose text and HTML are sealed (server/mail/sealed-mail.ts), for one that carries a
 * secret (a password reset link) the database must never hold in the clear; the mailer opens it.
 */
export interface SealedMessage {
  id: string
  to: string
  subject: string
  sealed: string
}

/** What the outbox holds: a message as it is sent, or sealed. */
export type QueuedMessage = OutboxMessage | SealedMessage

/** A message claimed for sending, with the tries so far, this one included. */
export type ClaimedMessage = QueuedMessage & { attempts: number }

/** What became of a message, as the operator's order page shows it. */
export interface MailRecord {
  id: string
  to: string
  subject: string
  queuedAt: number
  sentAt?: number
  /** Tries so far. */
  attempts: number
  status: 'sent' | 'waiting' | 'given up'
}

/**
 * A message's kind from its id, in SQL both dialects run (server/mail: order-mail.ts names an
 * order's `order-N`, `order-N-shipped`, `order-N-cancelled`, a resent confirmation
 * `order-N-confirmation-T`; reset-mail.ts `reset-…`; account-mail.ts `email-changed-…`).
 */
export const MAIL_KIND_SQL = `CASE
  WHEN id LIKE 'reset-%' THEN 'reset'
  WHEN id LIKE 'email-changed-%' THEN 'email-changed'
  WHEN id LIKE 'order-%-shipped' THEN 'shipped'
  WHEN id LIKE 'order-%-cancelled' THEN 'cancelled'
  WHEN id LIKE 'order-%' THEN 'confirmation'
  ELSE 'other' END`

/** A row of the outbox as both dialects read it. */
export interface MailRow {
  id: string
  created_at: number | string
  sent_at: number | string | null
  next_attempt_at: number | string | null
  attempts: number | string
  message: string | { to: string; subject: string }
}

export const mailRecordOf = (row: MailRow): MailRecord => {
  const message = (typeof row.message === 'string' ? JSON.parse(row.message) : row.message) as {
    to: string
    subject: string
  }
  return {
    id: row.id,
    to: message.to,
    subject: message.subject,
    queuedAt: Number(row.created_at),
    ...(row.sent_at !== null && { sentAt: Number(row.sent_at) }),
    attempts: Number(row.attempts),
    status: row.sent_at !== null ? 'sent' : row.next_attempt_at === null ? 'given up' : 'waiting',
  }
}

export interface Outbox {
  /** Queues a message on its own, to be sent from `at` (an order's is queued with the order). */
  queue(message: QueuedMessage, at: number): Promise<void>
  /**
   * Up to `limit` messages due by `now`, each claimed until `now + leaseMs` by this caller alone,
   * whatever other replicas claim at once.
   */
  claim(now: number, leaseMs: number, limit: number): Promise<ClaimedMessage[]>
  /** The message went: it is never sent again. */
  sent(id: string, at: number): Promise<void>
  /** The message failed: it is tried again at `retryAt`, or never (`null`, given up). */
  failed(id: string, error: string, retryAt: number | null): Promise<void>
  /** The messages whose id is `id` or begins with `id-` (an order's: its number's), oldest first. */
  about(id: string): Promise<MailRecord[]>
  /** Messages not sent yet (given up ones aside). */
  pending(): Promise<number>
  /** The same, by kind (MAIL_KIND_SQL): what the operator's dashboard shows. */
  pendingByKind(): Promise<Record<string, number>>
  /**
   * Calls `listener` each time this process has committed a message to the outbox (on its own, or
   * with what it tells of): the one signal that mail is waiting. Answers the unsubscribe.
   */
  onQueued(listener: () => void): () => void
}
