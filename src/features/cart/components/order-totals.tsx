import { useAtomValue } from 'jotai'
import { formatPrice } from '../../../lib/price.ts'
import { cartAtom } from '../cart.atoms.ts'
import { cartTotal, orderTotal } from '../pricing.ts'
import { promoAtom } from '../promo.atoms.ts'
import styles from './cart.module.css'

/** The cart's amounts (spec §9): items after discounts, the promo, free shipping and the total. */
export function useOrderAmounts() {
  const lines = useAtomValue(cartAtom)
  const promo = useAtomValue(promoAtom)
  const items = cartTotal(lines)
  const promoDiscount = promo?.discount ?? 0
  return { lines, promo, items, promoDiscount, total: orderTotal(items, promoDiscount) }
}

export function OrderTotals({ amounts }: { amounts: ReturnType<typeof useOrderAmounts> }) {
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
        <span>Free</span>
      </p>
      <p className={`${styles.row} ${styles.total}`}>
        <span>Total</span>
        <span>{formatPrice(amounts.total)}</span>
      </p>
    </>
  )
}
