import { formatPrice, type OrderAmounts } from '../../../lib/pricing.ts'
import styles from './cart.module.css'

export function OrderTotals({ amounts }: { amounts: OrderAmounts }) {
  return (
    <>
      <p className={styles.row}>
        <span>Items</span>
        <span>{formatPrice(amounts.items)}</span>
      </p>
      {amounts.promo && (
        <p className={styles.row}>
          <span>Promo ({amounts.promo.code})</span>
          <span>−{formatPrice(amounts.promoDiscount)}</span>
        </p>
      )}
      <p className={styles.row}>
        <span>Shipping</span>
        <span>{amounts.shipping === 0 ? 'Free' : formatPrice(amounts.shipping)}</span>
      </p>
      <p className={`${styles.row} ${styles.total}`}>
        <span>Total</span>
        <span>{formatPrice(amounts.total)}</span>
      </p>
    </>
  )
}
