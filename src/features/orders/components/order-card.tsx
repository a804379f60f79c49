import type { ReactNode, Ref } from 'react'
import { OrderLines } from '../../../components/order-lines.tsx'
import type { Order } from '../../../domain/orders/order.schemas.ts'
import { formatDate } from '../../../lib/format.ts'
import { OrderStatusLine } from './order-status.tsx'
import styles from './orders.module.css'

interface OrderCardProps {
  order: Order
  /** More of the order under its lines (Find an order adds the shipping address). */
  children?: ReactNode
  /** Given, the heading can take focus: the page moves it there when the order appears. */
  headingRef?: Ref<HTMLHeadingElement>
  /** The card's id, for an address to open at it. */
  id?: string
}

/**
 * One order as My Purchases and Find an order show it: its number, when it was placed, where it is
 * (the server's orders), its lines and totals.
 */
export function OrderCard({ order, children, headingRef, id }: OrderCardProps) {
  const headingId = `order-${order.orderNumber}`
  return (
    <article id={id} className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        Order {order.orderNumber}
      </h2>
      <p className={styles.muted}>
        Placed <time dateTime={order.date}>{formatDate(new Date(order.date), { time: true })}</time>
      </p>
      <OrderStatusLine order={order} />
      <OrderLines order={order} />
      {children}
    </article>
  )
}
