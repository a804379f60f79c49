import { discountedPrice, formatPrice } from '../lib/pricing.ts'
import styles from './price.module.css'

interface PriceProps {
  price: number
  discountPercentage?: number
  className?: string
}

/** The discounted price, with the original struck through when there is a discount. */
export function Price({ price, discountPercentage = 0, className }: PriceProps) {
  const now = discountedPrice(price, discountPercentage)
  const onSale = discountPercentage > 0
  return (
    <span className={[styles.price, className].filter(Boolean).join(' ')}>
      <span className={onSale ? `${styles.current} ${styles.sale}` : styles.current}>
        {onSale && <span className="visually-hidden">Sale price </span>}
        {formatPrice(now)}
      </span>
      {onSale && (
        <s className={styles.original}>
          <span className="visually-hidden">Original price </span>
          {formatPrice(price)}
        </s>
      )}
    </span>
  )
}
