import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { buttonClass } from '../../../components/button.tsx'
import { messages } from '../../../lib/messages.ts'
import { cartMessages } from '../../../lib/page-messages.ts'
import { cartAtom, cartCountAtom } from '../../../domain/cart/cart.atoms.ts'
import { lineKey, type CartLine as Line } from '../../../domain/cart/cart.schemas.ts'
import styles from './cart-page.module.css'
import { CartLine } from './cart-line.tsx'
import { OrderSummary } from './order-summary.tsx'
import { StockCheck } from '../../../components/stock-check.tsx'
import { PersonalPage } from '../../../components/personal-page.tsx'

/**
 * /cart (rules.md § Cart). 'Save for Later' belongs to the saved items (which import the cart), so the
 * route hands it in: the two features do not import each other.
 */
export function CartPage({ onSaveForLater }: { onSaveForLater: (line: Line) => void }) {
  const lines = useAtomValue(cartAtom)
  const count = useAtomValue(cartCountAtom)

  return (
    <PersonalPage className={styles.page} heading={cartMessages.yourCart} count={count}>
      {lines.length === 0 ? (
        <div className={styles.empty}>
          <p>{cartMessages.cartEmpty}</p>
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
            <StockCheck />
            <ul className={styles.lines} aria-label="Items in your cart">
              {lines.map((line) => (
                <CartLine key={lineKey(line)} line={line} onSaveForLater={onSaveForLater} />
              ))}
            </ul>
            <p>
              <Link to="/saved">My Saved Items</Link>
            </p>
          </div>
          <OrderSummary />
        </div>
      )}
    </PersonalPage>
  )
}
