import { useAtom } from 'jotai'
import { useState } from 'react'
import { Button } from '../../../components/button.tsx'
import { messages } from '../../../lib/messages.ts'
import { checkoutMessages } from '../../../lib/page-messages.ts'
import { formatPrice, GIFT_CARD_AMOUNT } from '../../../../shared/pricing/pricing.ts'
import { AddressSummary } from '../../../components/address-summary.tsx'
import type { PaymentMethod } from '../../../domain/orders/order.schemas.ts'
import { paymentAtom } from '../../../domain/orders/payment.atoms.ts'
import { CardForm } from './card-form.tsx'
import styles from './checkout.module.css'
import { GiftCardForm } from './gift-card-form.tsx'

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Credit or Debit Card',
  paypal: 'Pay Pal',
  paylater: 'Pay Later',
  applepay: 'Apple Pay',
}

/** Step 2, 'Payment Options' (rules.md § Checkout). */
export function PaymentStep({ now }: { now: () => Date }) {
  const [payment, setPayment] = useAtom(paymentAtom)
  const [method, setMethod] = useState<PaymentMethod>(payment?.method ?? 'card')
  const [useGiftCard, setUseGiftCard] = useState(payment?.giftCard ?? false)
  const [giftCardApplied, setGiftCardApplied] = useState(payment?.giftCard ?? false)

  if (payment) {
    return (
      <div className={styles.form}>
        <p className={styles.success}>
          {payment.method === 'card'
            ? checkoutMessages.visaEndingIn(payment.cardLast4 ?? '')
            : METHOD_LABELS[payment.method]}
        </p>
        {payment.giftCard && (
          <p className={styles.note}>
            {messages.brand} gift card: {formatPrice(GIFT_CARD_AMOUNT)}
          </p>
        )}
        <div>
          <p className={styles.note}>Billing address</p>
          <AddressSummary address={payment.billing} />
        </div>
        <div>
          <Button variant="secondary" onClick={() => setPayment(null)}>
            {checkoutMessages.changePayment}
          </Button>
        </div>
      </div>
    )
  }

  return (
    <div className={styles.form}>
      <fieldset className={styles.choices}>
        <legend>Payment method</legend>
        {(Object.keys(METHOD_LABELS) as PaymentMethod[]).map((value) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name="payment-method"
              value={value}
              checked={method === value}
              onChange={() => setMethod(value)}
            />
            {METHOD_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={useGiftCard}
          onChange={(event) => setUseGiftCard(event.target.checked)}
        />
        {checkoutMessages.payWithGiftCard}
      </label>
      {useGiftCard && (
        <GiftCardForm applied={giftCardApplied} onApply={() => setGiftCardApplied(true)} />
      )}
      {method === 'card' ? (
        <CardForm
          now={now}
          onSubmit={({ cardLast4, billing }) =>
            setPayment({ method, cardLast4, billing, giftCard: useGiftCard && giftCardApplied })
          }
        />
      ) : (
        <div>
          <p className={styles.note}>
            You will confirm the payment with {METHOD_LABELS[method]} when you place the order.
          </p>
          <Button
            onClick={() =>
              setPayment({
                method,
                billing: 'shipping',
                giftCard: useGiftCard && giftCardApplied,
              })
            }
          >
            Continue with {METHOD_LABELS[method]}
          </Button>
        </div>
      )}
    </div>
  )
}
