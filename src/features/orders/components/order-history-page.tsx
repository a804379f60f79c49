import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { buttonClass } from '../../../components/button.tsx'
import { PersonalPage } from '../../../components/personal-page.tsx'
import { formatDate } from '../../../lib/format.ts'
import { orderHistoryListAtom } from '../../../domain/orders/orders.atoms.ts'
import { OrderLines } from '../../../components/order-lines.tsx'
import styles from './orders.module.css'

/** /orders: the orders placed on this device, newest first ('My Purchases'). */
export function OrderHistoryPage() {
  const orders = useAtomValue(orderHistoryListAtom)
  return (
    <PersonalPage className={styles.page} heading="My Purchases">
      {orders.length === 0 ? (
        <div>
          <p className={styles.muted}>You have not placed an order on this device yet.</p>
          <Link to="/products" className={buttonClass('primary')}>
            Start shopping
          </Link>
        </div>
      ) : (
        <ol className={styles.history} aria-label="Orders, newest first">
          {orders.map((order) => (
            <li key={order.orderNumber}>
              <article className={styles.card} aria-labelledby={`order-${order.orderNumber}`}>
                <h2 id={`order-${order.orderNumber}`}>Order {order.orderNumber}</h2>
                <p className={styles.muted}>
                  Placed{' '}
                  <time dateTime={order.date}>
                    {formatDate(new Date(order.date), { time: true })}
                  </time>
                </p>
                <OrderLines order={order} />
              </article>
            </li>
          ))}
        </ol>
      )}
    </PersonalPage>
  )
}
