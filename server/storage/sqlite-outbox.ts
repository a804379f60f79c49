import type { DatabaseSync } from 'node:sqlite'
import {
  MAIL_KIND_SQL,
  mailRecordOf,
  type ClaimedMessage,
  type MailRow,
  type Outbox,
  type QueuedMessage,
} from '../mail/outbox.ts'
import { likeLiteral } from './like.ts'
import { localListeners, promised } from './sqlite-promised.ts'
import { transaction } from './sqlite-schema.ts'

/**
 * The outbox in SQLite (server/mail/outbox.ts). `queueNow` queues a message within the caller's
 * transaction (an order's, a reset link's), due at once; when `when` is false it inserts nothing,
 * for a caller that must do the same work either way (a reset asked for an address no account
 * has). `announce` tells the mailer once the caller has committed.
 */
export function createSqliteOutbox(db: DatabaseSync) {
  const add = db.prepare(
    'INSERT INTO outbox (id, created_at, message, next_attempt_at) SELECT ?, ?, ?, ? WHERE ?',
  )
  const due = db.prepare(
    `SELECT id, message, attempts FROM outbox
     WHERE sent_at IS NULL AND next_attempt_at <= ? AND locked_until <= ?
     ORDER BY created_at LIMIT ?`,
  )
  const lock = db.prepare(
    'UPDATE outbox SET locked_until = ?, attempts = attempts + 1 WHERE id = ?',
  )
  const markSent = db.prepare('UPDATE outbox SET sent_at = ?, next_attempt_at = NULL WHERE id = ?')
  const markFailed = db.prepare(
    'UPDATE outbox SET last_error = ?, next_attempt_at = ?, locked_until = 0 WHERE id = ?',
  )
  const waiting = db.prepare(
    'SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL',
  )
  const waitingByKind = db.prepare(
    `SELECT ${MAIL_KIND_SQL} AS kind, COUNT(*) AS n FROM outbox
     WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL GROUP BY kind`,
  )
  const about = db.prepare(
    `SELECT id, created_at, sent_at, next_attempt_at, attempts, message FROM outbox
     WHERE id = ? OR id LIKE ? ESCAPE '\\' ORDER BY created_at, id`,
  )
  const queued = localListeners<() => void>()

  const queueNow = (message: QueuedMessage, at: number, when = true) =>
    void add.run(message.id, at, JSON.stringify(message), at, when ? 1 : 0)

  const outbox: Outbox = {
    ...promised<Omit<Outbox, 'onQueued'>>({
      queue(message, at) {
        queueNow(message, at)
        queued.tell()
      },
      claim: (now, leaseMs, limit) =>
        transaction(db, () => {
          const rows = due.all(now, now, limit) as {
            id: string
            message: string
            attempts: number
          }[]
          return rows.map((row): ClaimedMessage => {
            lock.run(now + leaseMs, row.id)
            return { ...(JSON.parse(row.message) as QueuedMessage), attempts: row.attempts + 1 }
          })
        }),
      sent: (id, at) => void markSent.run(at, id),
      failed: (id, error, retryAt) => void markFailed.run(error.slice(0, 500), retryAt, id),
      about: (id) =>
        (about.all(id, `${likeLiteral(id)}-%`) as unknown as MailRow[]).map(mailRecordOf),
      pendingByKind: () =>
        Object.fromEntries(
          (waitingByKind.all() as { kind: string; n: number }[]).map(({ kind, n }) => [
            kind,
            Number(n),
          ]),
        ),
      pending: () => Number((waiting.get() as { n: number }).n),
    }),
    onQueued: queued.add,
  }
  return { outbox, queueNow, announce: () => queued.tell() }
}

export type SqliteOutbox = ReturnType<typeof createSqliteOutbox>
