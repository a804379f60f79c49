import { Link, useNavigate } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue, useSetAtom, useStore } from 'jotai'
import { useCallback, useEffect, useState } from 'react'
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
import { orderToSendAtom, placeOrderAtom } from '../checkout.atoms.ts'
import { env } from '../../../lib/env.ts'
import { formatPrice } from '../../../../shared/pricing/pricing.ts'
import { lineName } from '../../../domain/cart/cart.schemas.ts'
import {
  pendingOrderAtom,
  preparePendingOrderAtom,
  sendPendingOrder,
} from '../../../domain/orders/pending-order.ts'
import { tokenCaller } from '../../../domain/session/session-tokens.ts'
import { placeOrderMessages } from '../place-order-messages.ts'
import styles from './checkout.module.css'
import { MiniCart, SummaryPanel } from './checkout-summary.tsx'
import { CheckoutStep } from './checkout-step.tsx'
import { PaymentStep } from './payment-step.tsx'
import { ReviewStep } from './review-step.tsx'
import { addressBeingTyped, ShippingStep } from './shipping-step.tsx'

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

/** Where Place Order stands with our server (decisions.md § Orders). */
type Placing =
  | { kind: 'sending'; slow: boolean }
  | { kind: 'offline' }
  /** The server's total, and the one the shopper had been shown. */
  | { kind: 'repriced'; total: number; shown: number }
  | { kind: 'refused'; message: string }

/** After this long, Place Order says the connection is slow (and that the order goes once). */
const SLOW_MS = 3_000

function CheckoutSteps() {
  const now = systemNow
  const address = useAtomValue(addressAtom)
  const payment = useAtomValue(paymentAtom)
  const count = useAtomValue(cartCountAtom)
  const amounts = useAtomValue(orderAmountsAtom)
  const lines = useAtomValue(cartAtom)
  const placeOrder = useSetAtom(placeOrderAtom)
  const preparePending = useSetAtom(preparePendingOrderAtom)
  const applyStock = useSetAtom(applyStockAtom)
  const store = useStore()
  const queryClient = useQueryClient()
  const [checking, setChecking] = useState(false)
  const [stockChanged, setStockChanged] = useState(false)
  const [placing, setPlacing] = useState<Placing>()
  const navigate = useNavigate()
  const wide = useMediaQuery(WIDE_QUERY)
  // A first-time shopper starts at the form; a saved address starts as its summary (rules.md § Purchase flow).
  const [editingAddress, setEditingAddress] = useState(!address)
  // An address that arrives while the steps are open (the account's, saved on another device:
  // rules.md § Accounts on every device) shows as a saved one does, unless one is being typed.
  const [addressSeen, setAddressSeen] = useState(address)
  if (address !== addressSeen) {
    setAddressSeen(address)
    if (address && !addressSeen && !addressBeingTyped()) setEditingAddress(false)
  }
  const addressDone = Boolean(address) && !editingAddress

  /** Sends the order waiting on this device (with its key) and says how it went. */
  const sendWaiting = useCallback(async () => {
    setPlacing({ kind: 'sending', slow: false })
    const slow = setTimeout(() => setPlacing({ kind: 'sending', slow: true }), SLOW_MS)
    const result = await sendPendingOrder(store, tokenCaller(store), queryClient)
    clearTimeout(slow)
    if ('placed' in result) {
      setPlacing(undefined)
      void navigate({ to: '/order-confirmation' })
    } else if ('offline' in result) setPlacing({ kind: 'offline' })
    else if ('repriced' in result)
      setPlacing({
        kind: 'repriced',
        total: result.repriced,
        shown: store.get(orderAmountsAtom).total,
      })
    else if ('short' in result) {
      const cart = store.get(cartAtom)
      const names = result.short.map(({ productId, sku }) => {
        const line = cart.find((each) => each.id === productId && each.variant?.sku === sku)
        return line ? lineName(line) : `product ${productId}`
      })
      // The stock as the server has it now, past every cache: the cart's lines follow it.
      const { stock } = await freshStock(
        queryClient,
        cart.map((line) => line.id),
        { maxAgeMs: 0 },
      )
      applyStock(stock)
      setPlacing({ kind: 'refused', message: placeOrderMessages.short(names.join(', ')) })
    } else
      setPlacing({
        kind: 'refused',
        message: result.kept
          ? placeOrderMessages.retryLater
          : placeOrderMessages.notPlaced(result.failed),
      })
  }, [store, navigate, queryClient, applyStock])

  // An order that was on its way when the page was left or reloaded goes on; one waiting for the
  // connection goes once it is back.
  useEffect(() => {
    if (!env.bundledApi) return
    const resume = () => {
      if (store.get(pendingOrderAtom)) void sendWaiting()
    }
    const atOnce = setTimeout(resume)
    addEventListener('online', resume)
    return () => {
      clearTimeout(atOnce)
      removeEventListener('online', resume)
    }
  }, [store, sendWaiting])

  // Place Order asks the stock once more, right before the order is saved (rules.md § Stock): a
  // correction stops it, to be reviewed; offline, the last data seen stands (StockCheck says so).
  const placeOrderChecked = async () => {
    if (placing?.kind === 'sending') return
    setChecking(true)
    const { stock } = await freshStock(
      queryClient,
      lines.map((line) => line.id),
      { maxAgeMs: 0 },
    )
    setChecking(false)
    const corrections = applyStock(stock)
    setStockChanged(corrections.length > 0)
    if (corrections.length > 0) return
    if (!env.bundledApi) {
      // Another API (DummyJSON) takes no orders: the order is kept on this device.
      if (placeOrder(now())) void navigate({ to: '/order-confirmation' })
      return
    }
    const order = store.get(orderToSendAtom)
    if (!order) return
    // A shopper who saw the server's new total and places again accepts it.
    const accepted =
      placing?.kind === 'repriced' && placing.shown === order.request.expectedTotal
        ? placing.total
        : order.request.expectedTotal
    preparePending({ ...order, request: { ...order.request, expectedTotal: accepted } })
    await sendWaiting()
  }

  const shownTotal = placing?.kind === 'repriced' ? placing.total : amounts.total
  const placingMessage =
    placing?.kind === 'sending'
      ? placing.slow
        ? placeOrderMessages.placingSlowly
        : placeOrderMessages.placing
      : placing?.kind === 'offline'
        ? placeOrderMessages.waitingOffline
        : placing?.kind === 'repriced'
          ? placeOrderMessages.repriced(formatPrice(placing.total))
          : placing?.message

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
        {/* An order resumed after a reload, before its payment step is filled again. */}
        {placingMessage && !payment && (
          <p className={styles.stockReason} role="status">
            {placingMessage}
          </p>
        )}
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
              placing={placing?.kind === 'sending'}
              total={shownTotal}
              message={placingMessage}
            />
          </CheckoutStep>
        </ol>
      </div>
      {wide && <SummaryPanel amounts={amounts} />}
    </div>
  )
}
