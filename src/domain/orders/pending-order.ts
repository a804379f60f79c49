import type { QueryClient } from '@tanstack/react-query'
import { atom, type createStore } from 'jotai'
import { RESET } from 'jotai/utils'
import * as v from 'valibot'
import { toApiError, type ApiError } from '../../lib/api-error.ts'
import { atomWithValidatedStorage } from '../../lib/storage-atom.ts'
import { clearPromoAtom, removeOrderedLinesAtom } from '../cart/cart.atoms.ts'
import { cartLineSchema, lineKey } from '../cart/cart.schemas.ts'
import { deviceCopy, paymentSummarySchema, type Order } from './order.schemas.ts'
import { orderRequestSchema, postOrder, toOrder } from './orders.api.ts'
import { recordOrderAtom } from './orders.atoms.ts'
import { paymentAtom } from './payment.atoms.ts'
import type { WithToken } from '../session/session-tokens.ts'

type Store = ReturnType<typeof createStore>

/**
 * An order on its way to the server (decisions.md § Orders, the storefront's side): its
 * Idempotency-Key, made once per checkout attempt, and the request, kept on the device until the
 * server confirms it, so a retry, a reload or the next visit sends the same order, never a second.
 */
const pendingSchema = v.object({
  key: v.pipe(v.string(), v.regex(/^[\x21-\x7E]{8,128}$/)),
  request: orderRequestSchema,
  /** The lines as the cart held them (their pictures) and the payment as chosen (its billing address). */
  here: v.object({ lines: v.array(cartLineSchema), payment: paymentSummarySchema }),
})

export type PendingOrder = v.InferOutput<typeof pendingSchema>

export const pendingOrderAtom = atomWithValidatedStorage(
  'pendingOrder',
  v.nullable(pendingSchema),
  null,
)

/** The same order as the one waiting, or a new one with a key of its own. */
export const preparePendingOrderAtom = atom(
  null,
  (get, set, next: Omit<PendingOrder, 'key'>): PendingOrder => {
    const waiting = get(pendingOrderAtom)
    if (waiting && JSON.stringify(waiting.request) === JSON.stringify(next.request)) return waiting
    const pending = { ...next, key: crypto.randomUUID() }
    set(pendingOrderAtom, pending)
    return pending
  },
)

/**
 * The server took the order: it is this device's last order and in its history, its lines leave
 * the cart, the promo and the payment go, and nothing waits any more.
 */
const completeOrderAtom = atom(null, (_get, set, pending: PendingOrder, order: Order) => {
  set(recordOrderAtom, order)
  set(removeOrderedLinesAtom, new Set(pending.here.lines.map(lineKey)))
  set(clearPromoAtom)
  set(paymentAtom, null)
  set(pendingOrderAtom, RESET)
})

export interface ShortLine {
  productId: number
  sku?: string
  available: number
}

export type SendResult =
  | { placed: Order }
  /** No connection: the order waits on the device and goes once there is one. */
  | { offline: true }
  /** The server's total differs from the one shown: nothing was placed. */
  | { repriced: number }
  /** Lines short of stock: nothing was taken. */
  | { short: ShortLine[] }
  /** Refused for another reason (its message), or the server failed every try (kept: tried again). */
  | { failed: string; kept: boolean }

/** Waits before each further try with the same key, after a network failure or a 5xx. */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000]

const offline = (error: ApiError) =>
  (error.failure.kind === 'network' && error.failure.offline) ||
  (typeof navigator !== 'undefined' && !navigator.onLine)

/** Sending a failure again may succeed: no answer, a timeout, or the server's own failure. */
const transient = (error: ApiError) =>
  error.failure.kind === 'network' ||
  error.failure.kind === 'timeout' ||
  (error.status !== undefined && error.status >= 500)

function conflictOf(error: ApiError): SendResult | undefined {
  if (error.status !== 409 || error.failure.kind !== 'http') return undefined
  const body = error.failure.body as { total?: unknown; lines?: unknown }
  if (typeof body.total === 'number') return { repriced: body.total }
  if (Array.isArray(body.lines)) return { short: body.lines as ShortLine[] }
  return undefined
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The send under way per key: a second tap, the online event and the next visit share it. */
const sending = new Map<string, Promise<SendResult>>()

/**
 * Sends the order waiting on this device, with its key: again on a network failure or a 5xx
 * (never on another 4xx), until the connection is gone. Once the server answers, the waiting order
 * is done: placed (recorded, its lines out of the cart) or refused (forgotten, the reason said),
 * and what `queryClient` and the browser kept of its products, whose stock the answer changed or
 * contradicted, is replaced (rules.md § Stock; domain/cart/refresh-ordered-stock.ts).
 */
export function sendPendingOrder(
  store: Store,
  withToken: WithToken,
  queryClient?: QueryClient,
): Promise<SendResult> {
  const pending = store.get(pendingOrderAtom)
  if (!pending) return Promise.resolve({ failed: 'Nothing to send', kept: false })
  let under = sending.get(pending.key)
  if (!under) {
    under = send(store, withToken, pending).finally(() => sending.delete(pending.key))
    sending.set(pending.key, under)
  }
  return under.then((result) => {
    if (queryClient && ('placed' in result || 'repriced' in result || 'short' in result))
      void import('../cart/refresh-ordered-stock.ts').then(({ refreshOrderedStock }) =>
        refreshOrderedStock(queryClient, pending.here.lines),
      )
    return result
  })
}

async function send(store: Store, withToken: WithToken, pending: PendingOrder) {
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await withToken((token) =>
        postOrder(pending.request, pending.key, token || undefined),
      )
      const order = deviceCopy(toOrder(answer, pending.here))
      store.set(completeOrderAtom, pending, order)
      return { placed: order }
    } catch (caught) {
      const error = toApiError(caught)
      if (offline(error)) return { offline: true as const }
      const delay = RETRY_DELAYS_MS[attempt]
      if (transient(error)) {
        if (delay === undefined) return { failed: error.message, kept: true }
        await sleep(delay)
        continue
      }
      // Refused: this order will not be placed as it is. The cart still holds its lines.
      store.set(pendingOrderAtom, RESET)
      return conflictOf(error) ?? { failed: error.message, kept: false }
    }
  }
}
