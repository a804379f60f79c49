import { Link, useNavigate } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { buttonClass } from '../../../components/button.tsx'
import { PersonalPage } from '../../../components/personal-page.tsx'
import { messages } from '../../../lib/messages.ts'
import { cartMessages, checkoutMessages } from '../../../lib/page-messages.ts'
import { useMediaQuery } from '../../../lib/use-media-query.ts'
import { addressAtom } from '../../../domain/address/address.atoms.ts'
import {
  applyStockAtom,
  cartAtom,
  cartCountAtom,
  orderAmountsAtom,
} from '../../../domain/cart/cart.atoms.ts'
import { freshStock } from '../../../domain/cart/stock.queries.ts'
import { StockCheck, StockNotices } from '../../../components/stock-check.tsx'
import { paymentAtom } from '../../../domain/orders/payment.atoms.ts'
import { placeOrderAtom } from '../checkout.atoms.ts'
import styles from './checkout.module.css'
import { MiniCart, SummaryPanel } from './checkout-summary.tsx'
import { CheckoutStep } from './checkout-step.tsx'
import { PaymentStep } from './payment-step.tsx'
import { ReviewStep } from './review-step.tsx'
import { ShippingStep } from './shipping-step.tsx'

const WIDE_QUERY = '(min-width: 1150px)'
const systemNow = () => new Date()

/** /checkout (rules.md § Checkout): three steps, each enabled once the ones before it are filled. */
export function CheckoutPage() {
  return (
    <PersonalPage className={styles.page} heading="Checkout">
      <CheckoutSteps />
    </PersonalPage>
  )
}

function CheckoutSteps() {
  const now = systemNow
  const address = useAtomValue(addressAtom)
  const payment = useAtomValue(paymentAtom)
  const count = useAtomValue(cartCountAtom)
  const amounts = useAtomValue(orderAmountsAtom)
  const lines = useAtomValue(cartAtom)
  const placeOrder = useSetAtom(placeOrderAtom)
  const applyStock = useSetAtom(applyStockAtom)
  const queryClient = useQueryClient()
  const [checking, setChecking] = useState(false)
  const [stockChanged, setStockChanged] = useState(false)
  const navigate = useNavigate()
  const wide = useMediaQuery(WIDE_QUERY)
  // A first-time shopper starts at the form; a saved address starts as its summary (rules.md § Purchase flow).
  const [editingAddress, setEditingAddress] = useState(!address)
  const addressDone = Boolean(address) && !editingAddress

  // Place Order asks the stock once more, right before the order is saved (rules.md § Stock): a
  // correction stops it, to be reviewed; offline, the last data seen stands (StockCheck says so).
  const placeOrderChecked = async () => {
    setChecking(true)
    const { stock } = await freshStock(
      queryClient,
      lines.map((line) => line.id),
      { refetch: true },
    )
    setChecking(false)
    const corrections = applyStock(stock)
    setStockChanged(corrections.length > 0)
    if (corrections.length === 0 && placeOrder(now())) void navigate({ to: '/order-confirmation' })
  }

  if (lines.length === 0) {
    return (
      <>
        <p>{cartMessages.cartEmpty}</p>
        <Link to="/products" className={buttonClass('primary')}>
          Shop {messages.allProducts}
        </Link>
      </>
    )
  }

  return (
    <div className={styles.layout}>
      <div className={styles.steps}>
        <StockCheck />
        <StockNotices />
        {!wide && <MiniCart amounts={amounts} count={count} />}
        <ol className={styles.steps}>
          <CheckoutStep
            number={1}
            title={checkoutMessages.shippingAddress}
            disabled={false}
            disabledText=""
          >
            <ShippingStep
              editing={editingAddress || !address}
              onEditingChange={setEditingAddress}
            />
          </CheckoutStep>
          <CheckoutStep
            number={2}
            title={checkoutMessages.paymentOptions}
            disabled={!addressDone}
            disabledText="Add your shipping address first."
          >
            <PaymentStep now={now} />
          </CheckoutStep>
          <CheckoutStep
            number={3}
            title={checkoutMessages.orderReview}
            disabled={!addressDone || !payment}
            disabledText="Add your shipping address and payment first."
          >
            <ReviewStep
              onPlaceOrder={() => void placeOrderChecked()}
              checking={checking}
              stockChanged={stockChanged}
            />
          </CheckoutStep>
        </ol>
      </div>
      {wide && <SummaryPanel amounts={amounts} />}
    </div>
  )
}
