import type { QueryClient } from '@tanstack/react-query'
import type { createStore } from 'jotai'
import { toastNotifier } from '../../lib/notify.ts'
import { placeOrderMessages } from './place-order-messages.ts'
import { sendPendingOrder } from '../../domain/orders/pending-order.ts'
import { tokenCaller } from '../../domain/session/session-tokens.ts'

/** Long enough to read an order number. */
const PLACED_TOAST_MS = 6_000

/**
 * An order left waiting on this device (offline, or the tab closed while it was on its way) goes
 * when the app next runs or the connection returns, and a toast says how it went (decisions.md §
 * Orders).
 */
export async function sendWaitingOrder(
  store: ReturnType<typeof createStore>,
  queryClient: QueryClient,
) {
  const result = await sendPendingOrder(store, tokenCaller(store), queryClient)
  if ('placed' in result)
    toastNotifier.success(
      placeOrderMessages.placedLater(result.placed.orderNumber),
      PLACED_TOAST_MS,
    )
  else if ('repriced' in result || 'short' in result)
    toastNotifier.error(
      placeOrderMessages.notPlaced('the stock or the total changed. Your cart still holds it.'),
    )
  else if ('failed' in result && !result.kept)
    toastNotifier.error(placeOrderMessages.notPlaced(result.failed))
}
