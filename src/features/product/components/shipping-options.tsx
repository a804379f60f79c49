import { useId } from 'react'
import { messages } from '../../../lib/messages.ts'
import styles from './product-page.module.css'

// The store's own postal code: standard shipping is free to it (rules.md § Product page).
const SHIPPING_POSTAL_CODE = '30346'

/**
 * The two shipping choices of rules.md § Product page, both free; standard shipping's timing the product's own
 * (`shippingInformation`) where the data has it.
 */
export function ShippingOptions({ shippingInformation }: { shippingInformation?: string }) {
  const name = useId()
  return (
    <fieldset className={styles.shipping}>
      <legend>Shipping</legend>
      <label className={styles.shippingOption}>
        <input type="radio" name={name} value="standard" defaultChecked />
        <span>
          Free Standard Shipping to {SHIPPING_POSTAL_CODE}
          <small>{shippingInformation ?? 'Arrives in 7-10 business days'}</small>
        </span>
      </label>
      <label className={styles.shippingOption}>
        <input type="radio" name={name} value="pickup" />
        <span>
          Free In-Store Pickup
          <small>Ready tomorrow at {messages.brand} Perimeter Mall</small>
        </span>
      </label>
    </fieldset>
  )
}
