import type { Allowance, Reservation } from '../limits/attempt-log.ts'
import type { PlaceResult, Placement, Replay, Take } from './order-store.ts'
import type { StockLevel } from './stock-store.ts'

/**
 * How an order is placed, in one transaction, whatever the database (the storage's dialects,
 * server/storage/sqlite-orders.ts and postgres-orders.ts, hold only each step's SQL):
 * 1. its client's allowances, all or none (server/orders/order-limits.ts);
 * 2. its key, the order and its confirmation, recorded (a key used already fails the step);
 * 3. each line's stock taken, never below zero, last: the rows of the stock an order takes are
 *    held for one step and the commit, and the other replicas are told the new levels with it.
 * Refused at any step (past a bound, short of stock, the key used), the transaction rolls back and
 * nothing is taken; then the key is read, once, since a retry of a placed order is answered with
 * it whatever else has changed.
 *
 * The flow is a generator that yields each step's answer: SQLite's steps answer at once and it
 * runs whole inside one synchronous transaction (nothing else can run a statement in the middle
 * of it); PostgreSQL's answer promises, which it awaits.
 */

/** One transaction's steps, each a statement or two of its dialect. */
export interface PlacementSteps<Answer> {
  /** Records each allowance's entry if every one has room (server/limits/attempt-log.ts). */
  allow(allowances: readonly Allowance[], at: number): Answer
  /** Records the key, the order and its mail; throws KeyUsed when the key is recorded already. */
  record(placement: Placement): Answer
  /** Takes each line's stock, the levels as they now stand, or the lines short (nothing then). */
  take(takes: readonly Take[]): Answer
}

export type Taken = { levels: StockLevel[] } | { short: StockLevel[] }

/** The key was recorded already: the step failed, and the transaction rolls back. */
export class KeyUsed extends Error {
  constructor() {
    super('Idempotency-Key used already')
  }
}

/** A placement refused at a step: the transaction rolls back, and this is the answer. */
export class Refused extends Error {
  readonly result: PlaceResult
  constructor(result: PlaceResult) {
    super('placement refused')
    this.result = result
  }
}

type Flow = Generator<unknown, PlaceResult, unknown>

/** The steps of one placement (the doc above), each yielding its step's answer. */
export function* placement<Answer>(steps: PlacementSteps<Answer>, placed: Placement): Flow {
  if (placed.allowances.length > 0) {
    const reservation = (yield steps.allow(
      placed.allowances,
      placed.order.createdAt,
    )) as Reservation
    if (!reservation.recorded) throw new Refused({ limited: reservation })
  }
  yield steps.record(placed)
  const taken = (yield steps.take(placed.takes)) as Taken
  if ('short' in taken) throw new Refused({ short: taken.short })
  return { placed: placed.order, levels: taken.levels }
}

/** Runs a flow whose steps answer at once (SQLite's), within the caller's transaction. */
export function runNow(flow: Flow): PlaceResult {
  let step = flow.next()
  while (!step.done) step = flow.next(step.value)
  return step.value
}

/** Runs a flow whose steps answer promises (PostgreSQL's). */
export async function runAwaiting(flow: Flow): Promise<PlaceResult> {
  let step = flow.next()
  while (!step.done) step = flow.next(await step.value)
  return step.value
}

/**
 * A placement run in `transaction` (the dialect's: it commits what `run` returns, rolls back on a
 * throw), then, when it was not placed, the key read once: a replay answers with its order.
 */
export async function placeOnce(
  transaction: () => Promise<PlaceResult>,
  replayOf: () => Promise<Replay | undefined>,
): Promise<PlaceResult> {
  let refused: PlaceResult | undefined
  try {
    return await transaction()
  } catch (error) {
    if (error instanceof Refused) refused = error.result
    else if (!(error instanceof KeyUsed)) throw error
  }
  const earlier = await replayOf()
  if (earlier) return earlier
  if (!refused) throw new Error('An Idempotency-Key was recorded, and its order is missing')
  return refused
}
