import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/button.tsx'
import { ServerError } from '../../../components/server-error.tsx'
import {
  numberedByServer,
  type Order,
  type OrderStatus,
} from '../../../domain/orders/order.schemas.ts'
import { lookupOrder, toOrder } from '../../../domain/orders/orders.api.ts'
import { orderKeys } from '../../../domain/orders/orders.keys.ts'
import { env } from '../../../lib/env.ts'
import { orderMessages } from '../../../lib/page-messages.ts'
import styles from './orders.module.css'

const STATUS_NAMES: Record<OrderStatus, string> = {
  placed: 'Placed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}

/**
 * Where an order the server keeps is (docs/api.md § Orders): its status and, once shipped, its
 * carrier and tracking number, a link when the shop gave one. Nothing for an order kept on the
 * device alone, which has no news.
 */
export function OrderStatusLine({ order }: { order: Order }) {
  if (!order.status) return null
  const { tracking } = order
  const sent = order.status === 'shipped' || order.status === 'delivered'
  return (
    <div className={styles.status}>
      <p>
        Status: <strong data-status={order.status}>{STATUS_NAMES[order.status]}</strong>
      </p>
      {sent && tracking && (tracking.carrier || tracking.number || tracking.url) && (
        <p>
          {tracking.carrier && <>Sent with {tracking.carrier}. </>}
          {tracking.number && <>Tracking number: {tracking.number}. </>}
          {tracking.url && (
            <a href={tracking.url} target="_blank" rel="noopener noreferrer">
              {orderMessages.track}
            </a>
          )}
        </p>
      )}
    </div>
  )
}

/**
 * The status of an order this device placed, as the server has it now (the device keeps none:
 * order.schemas.ts, deviceCopy): asked by its number and email, as Find an order does; nothing
 * while it comes, offline, or for an order kept on the device alone.
 */
export function OrderNews({ order }: { order: Order }) {
  const kept = env.bundledApi && numberedByServer(order.orderNumber)
  const news = useQuery({
    queryKey: orderKeys.news(order.orderNumber, order.address.email),
    queryFn: async () => toOrder(await lookupOrder(order.orderNumber, order.address.email)),
    enabled: kept,
    staleTime: 0,
    retry: false,
  })
  return news.data ? <OrderStatusLine order={news.data} /> : null
}

/**
 * Cancel Order, for an order still placed (docs/api.md § Orders): asked to confirm first, in the
 * card itself; once cancelled, said where the buttons were, and `onCancelled` has the order as
 * the server now has it.
 */
export function CancelOrder({
  order,
  cancel,
  onCancelled,
}: {
  order: Order
  cancel: () => Promise<Order>
  onCancelled?: (order: Order) => void
}) {
  const [asking, setAsking] = useState(false)
  const questionId = useId()
  const start = useRef<HTMLButtonElement>(null)
  const confirm = useRef<HTMLButtonElement>(null)
  const done = useRef<HTMLParagraphElement>(null)
  const mutation = useMutation({ mutationFn: cancel, onSuccess: onCancelled })
  // Said where the buttons were, and the focus taken there: the buttons are gone.
  useEffect(() => {
    if (mutation.isSuccess) done.current?.focus()
  }, [mutation.isSuccess])
  if (mutation.isSuccess)
    return (
      <p role="status" ref={done} tabIndex={-1} className={styles.done}>
        {orderMessages.cancelled(order.orderNumber)}
      </p>
    )
  if (order.status !== 'placed') return null
  if (!asking)
    return (
      <div>
        <Button
          ref={start}
          variant="secondary"
          onClick={() => {
            setAsking(true)
            // The question's first answer takes the focus, so a keyboard or a reader is there.
            requestAnimationFrame(() => confirm.current?.focus())
          }}
        >
          {orderMessages.cancelOrder}
        </Button>
      </div>
    )
  return (
    <div role="group" aria-labelledby={questionId} className={styles.confirm}>
      <p id={questionId}>{orderMessages.cancelQuestion(order.orderNumber)}</p>
      <ServerError error={mutation.error} />
      <div className={styles.actions}>
        <Button
          ref={confirm}
          variant="primary"
          disabled={mutation.isPending}
          onClick={() => mutation.mutate()}
        >
          {mutation.isPending ? orderMessages.cancelling : orderMessages.confirmCancel}
        </Button>
        <Button
          variant="secondary"
          disabled={mutation.isPending}
          onClick={() => {
            setAsking(false)
            mutation.reset()
            requestAnimationFrame(() => start.current?.focus())
          }}
        >
          {orderMessages.keepOrder}
        </Button>
      </div>
    </div>
  )
}
