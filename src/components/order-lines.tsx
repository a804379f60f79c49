import {
  formatPrice,
  lineDiscountedPrice,
  type OrderAmounts,
  type PricedLine,
} from '../../shared/pricing/pricing.ts'
import { lineKey, lineName, type LineVariant } from '../domain/cart/cart.schemas.ts'
import type { Order } from '../domain/orders/order.schemas.ts'
import styles from './order-lines.module.css'

interface Line extends PricedLine {
  id: number
  title: string
  variant?: LineVariant
}

/** The lines of a cart or an order: title × quantity and the discounted amount (rules.md § Constants and formulas). */
export function LineList({ lines, label }: { lines: readonly Line[]; label?: string }) {
  return (
    <ul className={styles.items} aria-label={label}>
      {lines.map((line) => (
        <li key={lineKey(line)} className={styles.item}>
          <span>
            {lineName(line)} × {line.quantity}
          </span>
          <span>{formatPrice(lineDiscountedPrice(line))}</span>
        </li>
      ))}
    </ul>
  )
}

type Totals = Pick<OrderAmounts, 'items' | 'promoDiscount' | 'promoCode' | 'total'>

/** Items, the promo, shipping (free, rules.md § Constants and formulas) and the total: cart, checkout and a placed order. */
export function OrderTotals({ amounts }: { amounts: Totals }) {
  return (
    <>
      <p className={styles.row}>
        <span>Items</span>
        <span>{formatPrice(amounts.items)}</span>
      </p>
      {amounts.promoDiscount > 0 && (
        <p className={styles.row}>
          <span>Promo{amounts.promoCode ? ` (${amounts.promoCode})` : ''}</span>
          <span>−{formatPrice(amounts.promoDiscount)}</span>
        </p>
      )}
      <p className={styles.row}>
        <span>Shipping</span>
        <span>Free</span>
      </p>
      <p className={`${styles.row} ${styles.total}`}>
        <span>Total</span>
        <span>{formatPrice(amounts.total)}</span>
      </p>
    </>
  )
}

/** An order's items and its price summary, as it was placed. */
export function OrderLines({ order }: { order: Order }) {
  const { items, promo, promoCode, total } = order.price
  return (
    <>
      <LineList lines={order.cartData} label={`Items in order ${order.orderNumber}`} />
      <OrderTotals amounts={{ items, promoDiscount: promo, promoCode, total }} />
    </>
  )
}
