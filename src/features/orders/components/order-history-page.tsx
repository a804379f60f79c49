import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { Button, buttonClass } from '../../../components/button.tsx'
import { PersonalPage } from '../../../components/personal-page.tsx'
import { Skeleton } from '../../../components/skeleton.tsx'
import { env } from '../../../lib/env.ts'
import { orderMessages } from '../../../lib/page-messages.ts'
import { useMyPurchases } from '../use-my-purchases.ts'
import { OrderCard } from './order-card.tsx'
import { CancelOrder } from './order-status.tsx'
import styles from './orders.module.css'

/**
 * /orders, 'My Purchases' (rules.md § Added features): the orders placed on this device and, for a
 * signed-in shopper on our API, the account's from every device, newest first.
 */
export function OrderHistoryPage() {
  return (
    <PersonalPage className={styles.page} heading="My Purchases">
      <OrderHistory />
    </PersonalPage>
  )
}

/**
 * How long the page keeps its loading state for the account's orders from the server: they come
 * in well under it on most connections, and then land in one paint with this device's (newer ones
 * from another device would otherwise push these down as the shopper reads). After it, this
 * device's orders show, and the others join them when they come.
 */
const WAIT_FOR_OTHERS_MS = 1_000

function OrderHistory() {
  const { orders, account, retry, cancelOf } = useMyPurchases()
  const [waited, setWaited] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), WAIT_FOR_OTHERS_MS)
    return () => clearTimeout(timer)
  }, [])
  if (account === 'loading' && !waited)
    return (
      <div role="status" aria-busy="true" aria-label="Loading">
        <Skeleton height="12rem" />
      </div>
    )
  return (
    <>
      {(account === 'offline' || account === 'failed') && (
        <FailedNote offline={account === 'offline'} onRetry={retry} />
      )}
      {orders.length > 0 ? (
        <ol className={styles.history} aria-label="Orders, newest first">
          {orders.map((order) => {
            const cancel = cancelOf(order)
            return (
              <li key={order.orderNumber}>
                <OrderCard order={order}>
                  {cancel && <CancelOrder order={order} cancel={cancel} />}
                </OrderCard>
              </li>
            )
          })}
        </ol>
      ) : (
        account !== 'loading' && (
          <div>
            <p className={styles.muted}>
              {account === 'loaded' ? orderMessages.noOrders : orderMessages.noOrdersOnDevice}
            </p>
            <Link to="/products" className={buttonClass('primary')}>
              Start shopping
            </Link>
          </div>
        )
      )}
      {account === 'loading' && (
        // Below this device's orders, which show meanwhile: coming and going, it moves none of them.
        <p role="status" className={styles.muted}>
          {orderMessages.loadingOthers}
        </p>
      )}
      {env.bundledApi && (
        <p className={styles.muted}>
          {orderMessages.findGuestOrder} <Link to="/orders/find">{orderMessages.findAnOrder}</Link>
        </p>
      )}
    </>
  )
}

/** The account's orders from other devices could not be had: this device's show, and Retry asks again. */
function FailedNote({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  return (
    <div role="status" className={styles.note}>
      <p>{offline ? orderMessages.othersOffline : orderMessages.othersFailed}</p>
      <Button variant="secondary" onClick={onRetry}>
        {orderMessages.retry}
      </Button>
    </div>
  )
}
