import { useId } from 'react'
import styles from './product-page.module.css'

// The store's own postal code: standard shipping is free to it (rules.md § Product page).
const SHIPPING_POSTAL_CODE = '30346'

/**
 * How the product reaches the shopper (rules.md § Product page): free standard shipping, its timing
 * the product's own (`shippingInformation`) where the data has it. Not a choice: every order is
 * shipped to its address, and in-store pickup, which neither a cart line nor an order can keep, is
 * not offered (decisions.md § In-store pickup).
 */
export function ShippingOptions({ shippingInformation }: { shippingInformation?: string }) {
  const title = useId()
  return (
    <div className={styles.shipping} role="group" aria-labelledby={title}>
      <p id={title} className={styles.shippingTitle}>
        Shipping
      </p>
      <p className={styles.shippingOption}>
        <span>
          Free Standard Shipping to {SHIPPING_POSTAL_CODE}
          <small>{shippingInformation ?? 'Arrives in 7-10 business days'}</small>
        </span>
      </p>
    </div>
  )
}
