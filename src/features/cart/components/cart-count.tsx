import { useAtomValue } from 'jotai'
import { cartCountAtom } from '../../../domain/cart/cart.atoms.ts'
import styles from './cart-count.module.css'

/**
 * The header's cart link's name and count (rules.md § Header and footer): in words for assistive technology
 * ("Cart, 3 items"), on a badge for the eye. The server's HTML is the same for every shopper and
 * names only "Cart"; the header shows this in its place once the page is hydrated, with the
 * cart's code.
 */
export function CartCount() {
  const count = useAtomValue(cartCountAtom)
  return (
    <>
      <span className="visually-hidden">{`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}</span>
      {count > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </>
  )
}
