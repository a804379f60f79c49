import { Skeleton } from '../../../components/skeleton.tsx'
import type { ProductCardData } from '../catalog.schemas.ts'
import { ProductCard } from './product-card.tsx'
import styles from './product-grid.module.css'

// The first row is above the fold on every layout: those images load first.
const PRIORITY_CARDS = 4

export function ProductGrid({
  products,
  label,
}: {
  products: readonly ProductCardData[]
  label?: string
}) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < PRIORITY_CARDS} />
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
