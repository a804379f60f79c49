import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { Button, buttonClass } from '../../../components/button.tsx'
import { cartMessages } from '../../../lib/page-messages.ts'
import { formatPrice, instalment } from '../../../../shared/pricing/pricing.ts'
import { isSignedInAtom } from '../../../domain/session/session.atoms.ts'
import styles from './order-summary.module.css'
import noticeStyles from './cart-notice.module.css'
import { orderAmountsAtom } from '../../../domain/cart/cart.atoms.ts'
import { OrderTotals } from '../../../components/order-lines.tsx'
import { PromoField } from './promo-field.tsx'

// Express wallets lead to the same checkout (rules.md § Links and fallbacks).
const CHECKOUT_BUTTONS = [cartMessages.checkoutNow, 'PayPal Checkout', 'Apple Pay'] as const

/** The cart's order summary (rules.md § Cart); checkout is disabled while the total is 0 or less (§ Validation rules). */
export function OrderSummary() {
  const amounts = useAtomValue(orderAmountsAtom)
  const signedIn = useAtomValue(isSignedInAtom)
  const canCheckout = amounts.total > 0

  return (
    <aside className={styles.summary} aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order Summary</h2>
      <PromoField />
      <OrderTotals amounts={amounts} />
      <p className={noticeStyles.notice}>
        or 4 interest-free payments of {formatPrice(instalment(amounts.total))} with Afterpay
      </p>
      <div className={styles.buttons}>
        {CHECKOUT_BUTTONS.map((label, index) =>
          canCheckout ? (
            <Link
              key={label}
              to="/checkout"
              className={buttonClass(index === 0 ? 'primary' : 'secondary')}
            >
              {label}
            </Link>
          ) : (
            <Button key={label} variant={index === 0 ? 'primary' : 'secondary'} disabled>
              {label}
            </Button>
          ),
        )}
      </div>
      {!signedIn && (
        <div className={styles.member}>
          <p>{cartMessages.becomeMember}</p>
          <Link to="/userauth" className={buttonClass('secondary')}>
            {cartMessages.createAccountLink}
          </Link>
          <Link to="/userauth" className={buttonClass('ghost')}>
            {cartMessages.signIn}
          </Link>
        </div>
      )}
    </aside>
  )
}
