import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { buttonClass } from '../../../components/button.tsx'
import { env } from '../../../lib/env.ts'
import { messages } from '../../../lib/messages.ts'
import {
  accountMessages,
  cartMessages,
  checkoutMessages,
  orderMessages,
} from '../../../lib/page-messages.ts'
import { formatPrice, GIFT_CARD_AMOUNT } from '../../../../shared/pricing/pricing.ts'
import { isSignedInAtom } from '../../../domain/session/session.atoms.ts'
import { AddressSummary } from '../../../components/address-summary.tsx'
import { lastOrderAtom } from '../../../domain/orders/orders.atoms.ts'
import { numberedByServer } from '../../../domain/orders/order.schemas.ts'
import { OrderLines } from '../../../components/order-lines.tsx'
import { OrderNews } from './order-status.tsx'
import styles from './orders.module.css'

const METHOD_NAMES = { paypal: 'Pay Pal', paylater: 'Pay Later', applepay: 'Apple Pay' } as const

/** /order-confirmation (rules.md § Order confirmation, rules.md § Purchase flow). */
export function ConfirmationPage() {
  const order = useAtomValue(lastOrderAtom)
  const signedIn = useAtomValue(isSignedInAtom)
  const [smsUpdates, setSmsUpdates] = useState(false)

  if (!order) {
    return (
      <div className={`container ${styles.page}`}>
        <h1>No order to show</h1>
        <p className={styles.muted}>
          There is no recent order on this device. Once you place one, its confirmation appears
          here.
        </p>
        <div>
          <Link to="/" className={buttonClass('primary')}>
            Go to the home page
          </Link>
        </div>
      </div>
    )
  }

  const { payment } = order
  return (
    <div className={`container ${styles.page}`}>
      <div>
        <h1>{checkoutMessages.orderThanks}</h1>
        <p className={styles.number}>
          Order number: <strong>{order.orderNumber}</strong>
        </p>
        <OrderNews order={order} />
        <p>
          {checkoutMessages.confirmationEmail} <strong>{order.address.email}</strong>
        </p>
        <label className={styles.switch}>
          <input
            type="checkbox"
            role="switch"
            checked={smsUpdates}
            onChange={(event) => setSmsUpdates(event.target.checked)}
          />
          Send me shipping updates by SMS to {order.address.mobile}
        </label>
      </div>
      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="ordered-items">
          <h2 id="ordered-items">Your items</h2>
          <OrderLines order={order} />
        </section>
        <div className={styles.grid} style={{ gridTemplateColumns: '1fr' }}>
          <section className={styles.card} aria-labelledby="payment-details">
            <h2 id="payment-details">Payment details</h2>
            {payment.giftCard && (
              <p className={styles.row}>
                <span>{messages.brand} gift card</span>
                <span>{formatPrice(GIFT_CARD_AMOUNT)}</span>
              </p>
            )}
            <p className={styles.muted}>
              {payment.method === 'card'
                ? checkoutMessages.visaEndingIn(payment.cardLast4 ?? '')
                : METHOD_NAMES[payment.method]}
            </p>
          </section>
          <section className={styles.card} aria-labelledby="shipping-to">
            <h2 id="shipping-to">Shipping address</h2>
            <AddressSummary address={order.address} />
          </section>
          {!signedIn && (
            <section className={styles.card} aria-labelledby="become-member">
              <h2 id="become-member">{accountMessages.createAccountHeading}</h2>
              <p className={styles.muted}>{cartMessages.becomeMember}</p>
              <div>
                <Link to="/userauth" className={buttonClass('secondary')}>
                  {cartMessages.createAccountLink}
                </Link>
              </div>
            </section>
          )}
        </div>
      </div>
      <p>
        <Link to="/orders">See all your orders</Link>
      </p>
      {env.bundledApi && numberedByServer(order.orderNumber) && (
        <p className={styles.muted}>
          {orderMessages.findThisOrder}{' '}
          <Link to="/orders/find" search={{ number: order.orderNumber }}>
            {orderMessages.findAnOrder}
          </Link>
        </p>
      )}
    </div>
  )
}
