import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useId } from 'react'
import { Button } from '../../../components/button.tsx'
import { productMessages } from '../../../lib/page-messages.ts'
import { useAfterHydration } from '../../../lib/hydrated.tsx'
import type { Product } from '../../../domain/catalogue/catalogue.schemas.ts'
import {
  addLimitReason,
  limitsOf,
  stockMessages,
  unavailableReason,
} from '../../../domain/cart/quantity.ts'
import { addToCartAtom, cartAtom } from '../../../domain/cart/cart.atoms.ts'
import { lineKey, type LineVariant } from '../../../domain/cart/cart.schemas.ts'
import { savedAtom, toggleSavedAtom } from '../../../domain/saved/saved.atoms.ts'
import styles from './product-page.module.css'

// What the page says beside its buttons without JavaScript (decisions.md § Server rendering).
const NEEDS_SCRIPT =
  'Add to Cart, Express Checkout and Save to My Saved Items need JavaScript, which is turned off in this browser: your cart is kept by the browser itself. Turn JavaScript on to buy.'

// rules.md § State changes / § Constants and formulas: the add-to-cart toast stays 3 s.
const ADDED_TOAST_MS = 3000

/** A product as the page sells it: with the variant chosen, its price, stock and name. */
export type Purchasable = Product & { variant?: LineVariant }

/**
 * 'Add to Cart', 'Express Checkout' (adds, then the cart) and the bookmark toggle (rules.md § Product page).
 * Both stop at the stock, counting what the cart (in any tab) already holds, and say why. For a
 * product sold in options, all three act on the variant chosen (rules.md § Options and variants).
 */
export function PurchaseActions({ product }: { product: Purchasable }) {
  const addToCart = useSetAtom(addToCartAtom)
  const reasonId = useId()
  const key = lineKey(product)
  // The server's HTML knows no cart: the cart's share counts once the page is the shopper's.
  const inCart = useAfterHydration(
    useAtomValue(cartAtom).find((line) => lineKey(line) === key)?.quantity ?? 0,
    0,
  )
  const limits = limitsOf(product)
  const unavailable = unavailableReason(limits)
  // A product that cannot be bought can still be saved: the reason says so.
  const limitReason = unavailable
    ? stockMessages.saveInstead(unavailable)
    : addLimitReason(inCart, limits)
  const toggleSaved = useSetAtom(toggleSavedAtom)
  const saved = useAfterHydration(
    useAtomValue(savedAtom).some((item) => lineKey(item) === key),
    false,
  )
  const navigate = useNavigate()
  // A local "mutation": it changes no server data, but its success toast goes through the
  // mutation cache like every other toast (decisions.md § Error handling).
  const add = useMutation({
    mutationFn: (item: Purchasable) => Promise.resolve(addToCart(item)),
    meta: { successMessage: productMessages.addedToCart, successToastMs: ADDED_TOAST_MS },
  })
  // aria-disabled, not disabled: the button that reached the stock keeps the shopper's focus.
  const limited = limitReason !== undefined
  const limitProps = {
    'aria-disabled': limited,
    'aria-describedby': limited ? reasonId : undefined,
  }

  return (
    <>
      <div className={styles.actions}>
        {/* Two taps mean two: each taken before the app runs is kept (data-repeat, lib/early-events.ts). */}
        <Button {...limitProps} data-repeat onClick={() => !limited && add.mutate(product)}>
          {productMessages.addToCart}
        </Button>
        <Button
          variant="secondary"
          {...limitProps}
          onClick={() =>
            !limited && add.mutate(product, { onSuccess: () => void navigate({ to: '/cart' }) })
          }
        >
          {productMessages.expressCheckout}
        </Button>
      </div>
      {/* Without JavaScript the buttons cannot work (the cart is the browser's): they say why. */}
      <noscript>
        <p className={styles.needsScript}>{NEEDS_SCRIPT}</p>
      </noscript>
      {/* Its line is kept while empty: the cart's share arrives after hydration, shifting nothing. */}
      <p id={reasonId} className={styles.limit} role="status">
        {limitReason}
      </p>
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
