import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { buttonClass } from '../../../components/button.tsx'
import { messages } from '../../../lib/messages.ts'
import { pageTitle } from '../../../lib/page-title.ts'
import { saveForLaterAtom } from '../../saved/index.ts'
import { cartAtom, cartCountAtom } from '../cart.atoms.ts'
import styles from './cart.module.css'
import { CartLine } from './cart-line.tsx'
import { OrderSummary } from './order-summary.tsx'

/** /cart (spec §2.7). */
export function CartPage() {
  const lines = useAtomValue(cartAtom)
  const count = useAtomValue(cartCountAtom)
  const saveForLater = useSetAtom(saveForLaterAtom)

  return (
    <div className={`container ${styles.page}`}>
      <title>{pageTitle(messages.yourCart)}</title>
      <h1>
        {messages.yourCart} ({count})
      </h1>
      {lines.length === 0 ? (
        <div className={styles.empty}>
          <p>{messages.cartEmpty}</p>
          <div className={styles.options}>
            <Link to="/products" className={buttonClass('primary')}>
              Shop {messages.allProducts}
            </Link>
            <Link to="/saved" className={buttonClass('secondary')}>
              My Saved Items
            </Link>
          </div>
        </div>
      ) : (
        <div className={styles.layout}>
          <div>
            <ul className={styles.lines} aria-label="Items in your cart">
              {lines.map((line) => (
                <CartLine key={line.id} line={line} onSaveForLater={saveForLater} />
              ))}
            </ul>
            <p>
              <Link to="/saved">My Saved Items</Link>
            </p>
          </div>
          <OrderSummary />
        </div>
      )}
    </div>
  )
}
