import type { ReactNode } from 'react'
import { Skeleton } from './skeleton.tsx'
import type { ProductCardData } from '../domain/catalogue/catalogue.schemas.ts'
import { ProductCard } from './product-card.tsx'
import styles from './product-grid.module.css'

/** The cards of a grid's first row, above the fold on every layout: their images load first. */
export const PRIORITY_CARDS = 4

export function ProductGrid({
  products,
  label,
  belowTheFold = false,
  renderTitle,
}: {
  products: readonly ProductCardData[]
  label?: string
  /** A grid further down the page: none of its images is urgent, all load lazily. */
  belowTheFold?: boolean
  /** Each card's title as shown, when not its plain text. */
  renderTitle?: (product: ProductCardData) => ReactNode
}) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            priority={!belowTheFold && index < PRIORITY_CARDS}
            title={renderTitle?.(product)}
          />
        </li>
      ))}
    </ul>
  )
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <Skeleton height="340px" />
        </li>
      ))}
    </ul>
  )
}
