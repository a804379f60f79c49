import type { Sql, TransactionSql } from 'postgres'
import {
  MAIL_KIND_SQL,
  mailRecordOf,
  type ClaimedMessage,
  type MailRow,
  type Outbox,
  type QueuedMessage,
} from '../mail/outbox.ts'
import { likeLiteral } from './like.ts'

type Tracked = <T>(query: () => Promise<T>) => Promise<T>

/**
 * Queues a message in the outbox, due at once; within a transaction, with what it tells of. Not
 * inserted unless `when`: a caller that must do the same work either way (a reset asked for an
 * address no account has) runs the statement all the same.
 */
export const queueMessage = (
  sql: Sql | TransactionSql,
  message: QueuedMessage,
  at: number,
  when = true,
) => sql`
  INSERT INTO outbox (id, created_at, message, next_attempt_at)
  SELECT ${message.id}::text, ${at}::bigint, ${sql.json({ ...message })}::jsonb, ${at}::bigint
  WHERE ${when}::boolean`

/**
 * The outbox in PostgreSQL (server/mail/outbox.ts), shared by every replica; each replica's
 * mailer claims what is due (SKIP LOCKED: replicas claiming at once each take other messages).
 * `announce` tells this process's mailer once a caller committed a message it queued.
 */
export function createPostgresOutbox(sql: Sql, tracked: Tracked) {
  const listeners = new Set<() => void>()
  const announce = () => {
    for (const listener of listeners) listener()
  }
  const outbox: Outbox = {
    queue: (message, at) =>
      tracked(async () => {
        await queueMessage(sql, message, at)
        announce()
      }),
    claim: (now, leaseMs, limit) =>
      tracked(async () => {
        const rows = await sql<{ message: ClaimedMessage; attempts: number }[]>`
          UPDATE outbox SET locked_until = ${now + leaseMs}, attempts = attempts + 1
          WHERE id IN (
            SELECT id FROM outbox
            WHERE sent_at IS NULL AND next_attempt_at <= ${now} AND locked_until <= ${now}
            ORDER BY created_at LIMIT ${limit}
            FOR UPDATE SKIP LOCKED)
          RETURNING message, attempts`
        return rows.map((row) => ({ ...row.message, attempts: row.attempts }))
      }),
    sent: (id, at) =>
      tracked(async () => {
        await sql`UPDATE outbox SET sent_at = ${at}, next_attempt_at = NULL WHERE id = ${id}`
      }),
    failed: (id, error, retryAt) =>
      tracked(async () => {
        await sql`UPDATE outbox SET last_error = ${error.slice(0, 500)},
                    next_attempt_at = ${retryAt}, locked_until = 0 WHERE id = ${id}`
      }),
    about: (id) =>
      tracked(async () =>
        (
          await sql<MailRow[]>`
            SELECT id, created_at, sent_at, next_attempt_at, attempts, message FROM outbox
            WHERE id = ${id} OR id LIKE ${`${likeLiteral(id)}-%`} ORDER BY created_at, id`
        ).map(mailRecordOf),
      ),
    pendingByKind: () =>
      tracked(async () => {
        const rows = await sql<{ kind: string; n: number }[]>`
          SELECT ${sql.unsafe(MAIL_KIND_SQL)} AS kind, count(*)::integer AS n FROM outbox
          WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL GROUP BY kind`
        return Object.fromEntries(rows.map(({ kind, n }) => [kind, n]))
      }),
    pending: () =>
      tracked(async () => {
        const [row] = await sql<{ n: number }[]>`
          SELECT count(*)::integer AS n FROM outbox
          WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL`
        return row?.n ?? 0
      }),
    onQueued(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
  return { outbox, announce }
}

export type PostgresOutbox = ReturnType<typeof createPostgresOutbox>
