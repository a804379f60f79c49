import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../../components/button.tsx'
import { env } from '../../../lib/env.ts'
import { orderMessages } from '../../../lib/page-messages.ts'
import { FindOrderForm } from './find-order-form.tsx'
import styles from './orders.module.css'

/**
 * /orders/find, 'Find an order' (rules.md § Added features): a guest's order, by its number and
 * the email it was placed with. Another API (DummyJSON) keeps no orders, so there is nothing to
 * find there: the page says so and points to the device's own.
 */
export function FindOrderPage({ number }: { number?: string }) {
  return (
    <div className={`container ${styles.page} ${styles.narrow}`}>
      <h1>{orderMessages.findAnOrder}</h1>
      {env.bundledApi ? (
        <>
          <p className={styles.muted}>{orderMessages.findIntro}</p>
          <FindOrderForm number={number} />
        </>
      ) : (
        <>
          <p>{orderMessages.lookupUnavailable}</p>
          <div>
            <Link to="/orders" className={buttonClass('primary')}>
              {orderMessages.seeMyPurchases}
            </Link>
          </div>
        </>
      )}
    </div>
  )
}
