import { Button } from '../../../components/button.tsx'
import { useAtomValue } from 'jotai'
import { formatPrice, lineDiscountedPrice } from '../../../lib/pricing.ts'
import { orderAmountsAtom } from '../../cart/index.ts'
import styles from './checkout.module.css'

/** Step 3, 'Order Review', with the button that places the order. */
export function ReviewStep({ onPlaceOrder }: { onPlaceOrder: () => void }) {
  const amounts = useAtomValue(orderAmountsAtom)
  return (
    <div className={styles.form}>
      <ul className={styles.items} aria-label="Items to order">
        {amounts.lines.map((line) => (
          <li key={line.id} className={styles.item}>
            <span>
              {line.title} × {line.quantity}
            </span>
            <span>{formatPrice(lineDiscountedPrice(line))}</span>
          </li>
        ))}
      </ul>
      <p className={`${styles.amountRow} ${styles.total}`}>
        <span>Order total</span>
        <span>{formatPrice(amounts.total)}</span>
      </p>
      <div>
        <Button onClick={onPlaceOrder} disabled={amounts.total <= 0}>
          Place Order
        </Button>
      </div>
    </div>
  )
}
