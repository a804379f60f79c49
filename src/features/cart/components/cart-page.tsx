import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { buttonClass } from '../../../components/button.tsx'
import { messages } from '../../../lib/messages.ts'
import { cartMessages } from '../../../lib/page-messages.ts'
import { cartAtom, cartCountAtom, removeFromCartAtom } from '../../../domain/cart/cart.atoms.ts'
import { lineKey, lineName, type CartLine as Line } from '../../../domain/cart/cart.schemas.ts'
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
  const remove = useSetAtom(removeFromCartAtom)
  const list = useRef<HTMLUListElement>(null)
  const empty = useRef<HTMLParagraphElement>(null)
  // Where the line the shopper saved for later or removed stood, until it has left.
  const left = useRef(-1)
  const [said, setSaid] = useState('')

  // The line's buttons left with it (the focus would fall to the body): the focus goes
  // to the line that took its place (its title's link), else the one before, else the empty
  // cart's text, and the status says where the line went.
  useEffect(() => {
    const at = left.current
    if (at < 0) return
    left.current = -1
    const items = list.current?.children
    const next = items?.[Math.min(at, items.length - 1)]?.querySelector('a')
    ;(next ?? empty.current)?.focus()
  }, [lines])

  const leave = (line: Line, message: string) => {
    left.current = lines.indexOf(line)
    setSaid(`${lineName(line)} ${message}`)
  }
  const saveForLater = (line: Line) => {
    leave(line, 'was moved to My Saved Items.')
    onSaveForLater(line)
  }
  const removeLine = (line: Line) => {
    leave(line, 'was removed from your cart.')
    remove(lineKey(line))
  }

  return (
    <PersonalPage className={styles.page} heading={cartMessages.yourCart} count={count}>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {lines.length === 0 ? (
        <div className={styles.empty}>
          <p ref={empty} tabIndex={-1}>
            {cartMessages.cartEmpty}
          </p>
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
            <ul ref={list} className={styles.lines} aria-label="Items in your cart">
              {lines.map((line) => (
                <CartLine
                  key={lineKey(line)}
                  line={line}
                  onSaveForLater={saveForLater}
                  onRemove={removeLine}
                />
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
