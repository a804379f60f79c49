import { Button } from '../../../components/button.tsx'
import { useAtomValue } from 'jotai'
import { formatPrice } from '../../../lib/pricing.ts'
import { LineList } from '../../../components/order-lines.tsx'
import { orderAmountsAtom } from '../../cart/index.ts'
import styles from './checkout.module.css'

/** Step 3, 'Order Review', with the button that places the order. */
export function ReviewStep({ onPlaceOrder }: { onPlaceOrder: () => void }) {
  const amounts = useAtomValue(orderAmountsAtom)
  return (
    <div className={styles.form}>
      <LineList lines={amounts.lines} label="Items to order" />
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
