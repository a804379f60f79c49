import type { ExtractAtomValue } from 'jotai'
import { useId, useState } from 'react'
import { ChevronDownIcon } from '../../../components/icons.tsx'
import { checkoutMessages } from '../../../lib/page-messages.ts'
import { formatPrice } from '../../../../shared/pricing/pricing.ts'
import { LineList, OrderTotals } from '../../../components/order-lines.tsx'
import type { orderAmountsAtom } from '../../../domain/cart/cart.atoms.ts'
import styles from './checkout.module.css'

type Amounts = ExtractAtomValue<typeof orderAmountsAtom>

function Items({ amounts }: { amounts: Amounts }) {
  return (
    <>
      <LineList lines={amounts.lines} />
      <OrderTotals amounts={amounts} />
    </>
  )
}

/** Wide screens: the order summary beside the steps (rules.md § Checkout, rules.md § Responsive layout). */
export function SummaryPanel({ amounts }: { amounts: Amounts }) {
  return (
    <aside className={styles.summary} aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">Order Summary</h2>
      <Items amounts={amounts} />
    </aside>
  )
}

/** Small screens: the collapsible 'Cart (n)' summary with the total. */
export function MiniCart({ amounts, count }: { amounts: Amounts; count: number }) {
  const [open, setOpen] = useState(false)
  const bodyId = useId()
  return (
    <section className={styles.miniCart} aria-label="Cart summary">
      <button
        type="button"
        className={styles.miniCartToggle}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((value) => !value)}
      >
        <span>{checkoutMessages.cartCount(count)}</span>{' '}
        <span>
          {formatPrice(amounts.total)}{' '}
          <ChevronDownIcon
            width={18}
            height={18}
            style={{ display: 'inline', verticalAlign: 'middle' }}
          />
        </span>
      </button>
      <div id={bodyId} className={styles.miniCartBody} hidden={!open}>
        <Items amounts={amounts} />
      </div>
    </section>
  )
}
