import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { Button, buttonClass } from '../../../components/button.tsx'
import { ImageWithFallback } from '../../../components/image-with-fallback.tsx'
import { PersonalPage } from '../../../components/personal-page.tsx'
import { Price } from '../../../components/price.tsx'
import { addLimitReason, limitsOf } from '../../../domain/cart/quantity.ts'
import { cartAtom } from '../../../domain/cart/cart.atoms.ts'
import { lineKey, lineName } from '../../../domain/cart/cart.schemas.ts'
import { moveToCartAtom } from '../../../domain/saved/saved.actions.ts'
import { removeSavedAtom, savedAtom } from '../../../domain/saved/saved.atoms.ts'
import styles from './saved-page.module.css'

/** /saved: bookmarked and saved-for-later products, each back to the cart or removed. */
export function SavedPage() {
  const items = useAtomValue(savedAtom)
  const moveToCart = useSetAtom(moveToCartAtom)
  const remove = useSetAtom(removeSavedAtom)
  const cart = useAtomValue(cartAtom)
  // Why an item cannot go back to the cart now (the stock, counting what the cart holds).
  const limitOf = (item: (typeof items)[number]) =>
    addLimitReason(
      cart.find((line) => lineKey(line) === lineKey(item))?.quantity ?? 0,
      limitsOf(item),
    )

  return (
    <PersonalPage className={styles.page} heading="My Saved Items" count={items.length}>
      {items.length === 0 ? (
        <div className={styles.empty}>
          <p>Nothing saved yet. Bookmark a product, or choose Save for Later in your cart.</p>
          <Link to="/products" className={buttonClass('primary')}>
            Browse products
          </Link>
        </div>
      ) : (
        <ul className={styles.list} aria-label="Saved items">
          {items.map((item) => {
            const limit = limitOf(item)
            const key = lineKey(item)
            // The item's name with its variant's, for the buttons' names.
            const name = lineName(item)
            const reasonId = `saved-limit-${key.replace(' ', '-')}`
            return (
              <li key={key} className={styles.item}>
                <ImageWithFallback
                  className={styles.thumb}
                  src={item.thumbnail}
                  alt=""
                  width={96}
                  height={96}
                  loading="lazy"
                />
                <div className={styles.details}>
                  {item.brand && <p className={styles.brand}>{item.brand}</p>}
                  <h2 className={styles.title}>
                    <Link
                      to="/product/$id"
                      params={{ id: String(item.id) }}
                      search={item.variant && { variant: item.variant.sku }}
                    >
                      {item.title}
                    </Link>
                    {item.variant && <span className={styles.variant}>{item.variant.label}</span>}
                  </h2>
                  <Price price={item.price} discountPercentage={item.discountPercentage} />
                  {limit && (
                    <p id={reasonId} className={styles.limit}>
                      {limit}
                    </p>
                  )}
                </div>
                <div className={styles.actions}>
                  <Button
                    onClick={() => !limit && moveToCart(item)}
                    aria-label={`Move ${name} to cart`}
                    aria-disabled={limit !== undefined}
                    aria-describedby={limit ? reasonId : undefined}
                  >
                    Move to Cart
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => remove(key)}
                    aria-label={`Remove ${name} from saved items`}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </PersonalPage>
  )
}
