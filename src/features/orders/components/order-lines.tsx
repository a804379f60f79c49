import { formatPrice, lineDiscountedPrice } from '../../../lib/pricing.ts'
import type { Order } from '../order.schemas.ts'
import styles from './orders.module.css'

/** An order's items and its price summary. */
export function OrderLines({ order }: { order: Order }) {
  return (
    <>
      <ul className={styles.items} aria-label={`Items in order ${order.orderNumber}`}>
        {order.cartData.map((line) => (
          <li key={line.id} className={styles.item}>
            <span>
              {line.title} × {line.quantity}
            </span>
            <span>{formatPrice(lineDiscountedPrice(line))}</span>
          </li>
        ))}
      </ul>
      <p className={styles.row}>
        <span>Items</span>
        <span>{formatPrice(order.price.items)}</span>
      </p>
      {order.price.promo > 0 && (
        <p className={styles.row}>
          <span>Promo{order.price.promoCode ? ` (${order.price.promoCode})` : ''}</span>
          <span>−{formatPrice(order.price.promo)}</span>
        </p>
      )}
      <p className={styles.row}>
        <span>Shipping</span>
        <span>Free</span>
      </p>
      <p className={`${styles.row} ${styles.total}`}>
        <span>Total</span>
        <span>{formatPrice(order.price.total)}</span>
      </p>
    </>
  )
}
