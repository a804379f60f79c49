import { Link } from '@tanstack/react-router'
import { ImageWithFallback } from '../../../components/image-with-fallback.tsx'
import { apiBaseUrl } from '../../../lib/api-client.ts'
import type { Category } from '../../catalog/index.ts'
import styles from './category-carousel.module.css'

export function CategorySlide({ category }: { category: Category }) {
  return (
    <Link to="/products/$category" params={{ category: category.slug }} className={styles.slide}>
      <ImageWithFallback
        className={styles.image}
        src={new URL(`images/categories/${category.slug}.svg`, apiBaseUrl()).href}
        alt=""
        width={160}
        height={160}
        loading="lazy"
        decoding="async"
      />
      {category.name}
    </Link>
  )
}
