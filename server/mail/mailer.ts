import type { Clock } from '../clock.ts'
import type { Logger } from '../observability/logger.ts'
import type { Metrics } from '../observability/metrics.ts'
import type { OutboxMessage, Outbox, QueuedMessage } from './outbox.ts'
import { openUnsealed } from './sealed-mail.ts'
import type { MailTransport } from './transport.ts'

/** How long a claimed message is this replica's alone: far more than one send takes. */
export const LEASE_MS = 2 * 60_000
/**
 * The longest one send is allowed (the SMTP transport gives up on a server silent for
 * SMTP_TIMEOUT_MS, transport.ts). A claimed message is only handed over while its lease has at
 * least this long to run: no other replica can claim it while this one is still sending it.
 */
export const SEND_MS = 60_000
/** How often the outbox is looked at when nothing wakes the mailer (another replica's orders, retries). */
const POLL_MS = 5_000
const BATCH = 10
/** Tries before a message is given up: with the backoff below, over a day of them. */
export const MAX_ATTEMPTS = 16

/** When to try a message again after its `attempts`th failure: 5 s, doubling, at most 4 hours. */
export const retryDelayMs = (attempts: number) =>
  Math.min(5_000 * 2 ** (attempts - 1), 4 * 60 * 60_000)

export interface MailerOptions {
  outbox: Outbox
  transport: MailTransport
  clock: Clock
  logger: Logger
  metrics?: Pick<Metrics, 'mailSent'>
  pollMs?: number
  /** Opens a sealed message (server/mail/sealed-mail.ts); without it, only unsealed ones are sent. */
  open?: (message: QueuedMessage) => OutboxMessage
}

/**
 * Sends what the outbox holds (decisions.md § Orders, mail): an order (or a reset link) and its
 * mail are stored in one transaction, and this sends the mail after, so a mail failure never
 * fails an order, and a server stopped between the two sends it once it runs again. Each message is claimed by one
 * replica at a time, sent, and marked sent; a failure is tried again later, backing off, and
 * given up after MAX_ATTEMPTS (logged as an error).
 */
export function startMailer({
  outbox,
  transport,
  clock,
  logger,
  metrics,
  pollMs = POLL_MS,
  open = openUnsealed,
}: MailerOptions) {
  let running: Promise<void> | undefined
  let again = false
  let stopped = false

  async function sendDue() {
    for (;;) {
      const claimedAt = clock.now()
      const claimed = await outbox.claim(claimedAt, LEASE_MS, BATCH)
      for (const message of claimed) {
        // Sends that were slow (a server slow to answer) have used the batch's lease up: the rest
        // are claimed again, here or elsewhere, once it has run out.
        if (clock.now() > claimedAt + LEASE_MS - SEND_MS) break
        try {
          await transport.send(open(message))
          await outbox.sent(message.id, clock.now())
          metrics?.mailSent.inc({ result: 'sent' })
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error)
          const givenUp = message.attempts >= MAX_ATTEMPTS
          await outbox.failed(
            message.id,
            reason,
            givenUp ? null : clock.now() + retryDelayMs(message.attempts),
          )
          metrics?.mailSent.inc({ result: givenUp ? 'given-up' : 'failed' })
          // The message's id, never its address or contents.
          logger[givenUp ? 'error' : 'warn'](
            { mail: message.id, attempts: message.attempts, err: reason },
            givenUp ? 'mail given up' : 'mail failed, to be tried again',
          )
        }
      }
      if (claimed.length < BATCH || stopped) return
    }
  }

  /** Runs a pass now, or right after the one under way. */
  function wake() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = sendDue()
      .catch((error: unknown) => logger.warn({ err: error }, 'the outbox could not be read'))
      .finally(() => {
        running = undefined
        if (again) {
          again = false
          wake()
        }
      })
  }

  // Mail this process commits wakes it at once (the outbox's one signal); another replica's, and
  // what is due again, the next look finds.
  const unsubscribe = outbox.onQueued(wake)
  const timer = setInterval(wake, pollMs)
  timer.unref()
  wake()

  return {
    wake,
    /** Stops looking, and waits for the pass under way. */
    async close() {
      stopped = true
      unsubscribe()
      clearInterval(timer)
      await running
      transport.close()
    },
  }
}

export type Mailer = ReturnType<typeof startMailer>
