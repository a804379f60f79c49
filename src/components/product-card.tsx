import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { ImageWithFallback } from './image-with-fallback.tsx'
import { Price } from './price.tsx'
import { StarRating } from './star-rating.tsx'
import type { ProductCardData } from '../domain/catalogue/catalogue.schemas.ts'
import { fromPrice } from '../../shared/catalogue/from-price.ts'
import styles from './product-card.module.css'

interface ProductCardProps {
  product: ProductCardData
  /** Above the fold: load the image at once and with high priority. */
  priority?: boolean
  headingLevel?: 'h2' | 'h3'
  /** The title as shown, when not the plain text (search marks the words it matched). */
  title?: ReactNode
}

export function ProductCard({
  product,
  priority = false,
  headingLevel: Heading = 'h3',
  title = product.title,
}: ProductCardProps) {
  return (
    <article className={priority ? styles.card : `${styles.card} ${styles.later}`}>
      <ImageWithFallback
        className={styles.image}
        src={product.thumbnail}
        alt=""
        width={300}
        height={300}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
      {product.brand && <p className={styles.brand}>{product.brand}</p>}
      <Heading className={styles.title}>
        <Link to="/product/$id" params={{ id: String(product.id) }} className={styles.link}>
          {title}
        </Link>
      </Heading>
      <div className={styles.meta}>
        <StarRating rating={product.rating} withValue />
        <Price
          price={product.price}
          discountPercentage={product.discountPercentage}
          from={fromPrice(product) !== undefined}
        />
      </div>
    </article>
  )
}
