import { messages } from '../lib/messages.ts'
import { discountedPrice, formatPrice } from '../../shared/pricing/pricing.ts'
import styles from './price.module.css'

interface PriceProps {
  price: number
  discountPercentage?: number
  className?: string
  /** The lowest of the prices a product's variants have: 'From $42.99'. */
  from?: boolean
}

/** The discounted price, with the original struck through when there is a discount. */
export function Price({ price, discountPercentage = 0, className, from = false }: PriceProps) {
  const now = discountedPrice(price, discountPercentage)
  const onSale = discountPercentage > 0
  return (
    <span className={[styles.price, className].filter(Boolean).join(' ')}>
      <span className={onSale ? `${styles.current} ${styles.sale}` : styles.current}>
        {onSale && <span className="visually-hidden">Sale price </span>}
        {from && <span className={styles.from}>{messages.fromPrice} </span>}
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
