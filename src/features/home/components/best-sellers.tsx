import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { QueryBoundary } from '../../../components/query-boundary.tsx'
import { Skeleton } from '../../../components/skeleton.tsx'
import { messages } from '../../../lib/messages.ts'
import { allProductsQuery, bestSellers } from '../../../domain/catalogue/catalogue.queries.ts'
import { ProductCard } from '../../../components/product-card.tsx'
import styles from './section.module.css'

const COUNT = 4

/** 'Our Best Sellers': the 4 highest-rated of the first page of products (rules.md § Home page, decisions.md § Data fetching and caching). */
export function BestSellers() {
  return (
    <section
      className={`container ${styles.section}`}
      aria-labelledby="best-sellers-title"
      id="best-sellers"
    >
      <h2 id="best-sellers-title" className={styles.title}>
        {messages.bestSellers}
      </h2>
      {/* The home route starts the request without waiting for it: the hero paints at once. */}
      <QueryBoundary fallback={<BestSellersSkeleton />}>
        <BestSellerList />
      </QueryBoundary>
    </section>
  )
}

function BestSellerList() {
  const { data } = useSuspenseInfiniteQuery(allProductsQuery())
  return (
    <ul className={styles.grid}>
      {bestSellers(data.pages[0]?.products ?? [], COUNT).map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  )
}

function BestSellersSkeleton() {
  return (
    <ul className={styles.grid} aria-busy="true" aria-label="Loading best sellers">
      {Array.from({ length: COUNT }, (_, i) => (
        <li key={i}>
          <Skeleton height="340px" />
        </li>
      ))}
    </ul>
  )
}
