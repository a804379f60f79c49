import { useAtomValue } from 'jotai'
import { cartCountAtom } from '../../../domain/cart/cart.atoms.ts'

/**
 * The header's cart link's name and count (rules.md § Header and footer): in words for assistive technology
 * ("Cart, 3 items"), on a badge for the eye. The server's HTML is the same for every shopper and
 * names only "Cart"; the header shows this in its place once the page is hydrated, with the
 * cart's code. The badge's style is the header's (`badgeClassName`), in the page's stylesheet.
 */
export function CartCount({ badgeClassName }: { badgeClassName?: string }) {
  const count = useAtomValue(cartCountAtom)
  return (
    <>
      <span className="visually-hidden">{`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}</span>
      {count > 0 && (
        <span className={badgeClassName} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </>
  )
}
