import { TOMBSTONES_KEPT_MS } from '../account/account-store.ts'
import type { Clock } from '../clock.ts'
import type { Logger } from '../observability/logger.ts'
import { IDEMPOTENCY_KEYS_KEPT_MS } from '../orders/order-store.ts'
import type { Storage } from './storage.ts'

/**
 * What the database keeps only for a while, swept at start and once an hour by each replica
 * (each delete is idempotent): idempotency keys older than IDEMPOTENCY_KEYS_KEPT_MS (their
 * orders stay), the accounts' removals older than TOMBSTONES_KEPT_MS. A sweep that fails (the
 * database locked or away) is logged and tried at the next hour: a rejection each storage method
 * answers with (never a throw, which a timer would make an uncaught exception). Answers the stop.
 */
export function schedulePrunes(
  storage: Pick<Storage, 'orders' | 'accountState'>,
  { clock, logger, everyMs = 60 * 60_000 }: { clock: Clock; logger: Logger; everyMs?: number },
): { prune: () => Promise<void>; stop: () => void } {
  const prune = async () => {
    const now = clock.now()
    await Promise.all([
      storage.orders
        .pruneKeys(now - IDEMPOTENCY_KEYS_KEPT_MS)
        .catch((error: unknown) => logger.warn({ err: error }, 'old idempotency keys not pruned')),
      storage.accountState
        .prune(now - TOMBSTONES_KEPT_MS)
        .catch((error: unknown) => logger.warn({ err: error }, 'old account removals not pruned')),
    ])
  }
  void prune()
  const timer = setInterval(() => void prune(), everyMs)
  timer.unref()
  return { prune, stop: () => clearInterval(timer) }
}
