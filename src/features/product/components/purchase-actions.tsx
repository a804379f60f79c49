import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { Button } from '../../../components/button.tsx'
import { productMessages } from '../../../lib/page-messages.ts'
import { useAfterHydration } from '../../../lib/use-after-hydration.ts'
import type { Product } from '../../catalog/index.ts'
import { addToCartAtom } from '../../cart/index.ts'
import { savedAtom, toggleSavedAtom } from '../../saved/index.ts'
import styles from './product-page.module.css'

// Spec §4 / §9: the add-to-cart toast stays 3 s.
const ADDED_TOAST_MS = 3000

/** 'Add to Cart', 'Express Checkout' (adds, then the cart) and the bookmark toggle (spec §2.6). */
export function PurchaseActions({ product }: { product: Product }) {
  const addToCart = useSetAtom(addToCartAtom)
  const toggleSaved = useSetAtom(toggleSavedAtom)
  const saved = useAfterHydration(
    useAtomValue(savedAtom).some((item) => item.id === product.id),
    false,
  )
  const navigate = useNavigate()
  // A local "mutation": it changes no server data, but its success toast goes through the
  // mutation cache like every other toast (decisions §5).
  const add = useMutation({
    mutationFn: (item: Product) => Promise.resolve(addToCart(item)),
    meta: { successMessage: productMessages.addedToCart, successToastMs: ADDED_TOAST_MS },
  })
  const soldOut = product.stock <= 0

  return (
    <>
      <div className={styles.actions}>
        <Button onClick={() => add.mutate(product)} disabled={soldOut}>
          {productMessages.addToCart}
        </Button>
        <Button
          variant="secondary"
          disabled={soldOut}
          onClick={() => add.mutate(product, { onSuccess: () => void navigate({ to: '/cart' }) })}
        >
          {productMessages.expressCheckout}
        </Button>
      </div>
      <div className={styles.actions}>
        <Button
          variant="ghost"
          className={styles.bookmark}
          aria-pressed={saved}
          onClick={() => toggleSaved(product)}
        >
          <span aria-hidden="true">{saved ? '♥' : '♡'}</span>
          Save to My Saved Items
        </Button>
      </div>
    </>
  )
}
