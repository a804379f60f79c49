import { useAtomValue } from 'jotai'
import { useId } from 'react'
import { Button } from '../../../components/button.tsx'
import { LineList } from '../../../components/order-lines.tsx'
import { formatPrice } from '../../../../shared/pricing/pricing.ts'
import { orderAmountsAtom } from '../../../domain/cart/cart.atoms.ts'
import { stockMessages } from '../../../domain/cart/quantity.ts'
import styles from './checkout.module.css'

interface ReviewStepProps {
  onPlaceOrder: () => void
  /** The stock is being asked once more, right before the order is saved. */
  checking: boolean
  /** What the last attempt found: the cart corrected, so the shopper reviews it again. */
  stockChanged: boolean
  /** The order is on its way to the server. */
  placing?: boolean
  /** The total to show: the cart's, or the server's new one after it changed. */
  total?: number
  /** How placing the order goes (sending, slow, offline, refused), said beside the button. */
  message?: string
}

/**
 * Step 3, 'Order Review', with the button that places the order. A line the stock rules out
 * keeps it from placing, and the reason is said beside it.
 */
export function ReviewStep({
  onPlaceOrder,
  checking,
  stockChanged,
  placing = false,
  total,
  message,
}: ReviewStepProps) {
  const amounts = useAtomValue(orderAmountsAtom)
  const reasonId = useId()
  const blocked = amounts.unavailable.length > 0
  const busy = checking || placing
  const reason = blocked
    ? stockMessages.placeOrderBlocked
    : checking
      ? stockMessages.checking
      : (message ?? (stockChanged ? stockMessages.cartChanged : undefined))
  return (
    <div className={styles.form}>
      <LineList lines={amounts.lines} label="Items to order" />
      <p className={`${styles.amountRow} ${styles.total}`}>
        <span>Order total</span>
        <span>{formatPrice(total ?? amounts.total)}</span>
      </p>
      <div>
        <Button
          onClick={() => !blocked && !busy && onPlaceOrder()}
          disabled={amounts.total <= 0}
          aria-disabled={blocked || busy}
          aria-busy={placing || undefined}
          aria-describedby={reason ? reasonId : undefined}
        >
          Place Order
        </Button>
        <p id={reasonId} className={styles.stockReason} role="status">
          {reason}
        </p>
      </div>
    </div>
  )
}
