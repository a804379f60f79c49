import { useInfiniteQuery } from '@tanstack/react-query'
import { Button } from '../../../components/button.tsx'
import { Skeleton } from '../../../components/skeleton.tsx'
import { errorMessages } from '../../../lib/api-error.ts'
import { messages } from '../../../lib/messages.ts'
import { allProductsQuery, bestSellers } from '../../catalog/index.ts'
import { ProductCard } from '../../catalog/ui.ts'
import styles from './section.module.css'

const COUNT = 4

/** 'Our Best Sellers': the 4 highest-rated of the first page of products (spec §2.2, decisions §4). */
export function BestSellers() {
  const { data, error, isPending, refetch } = useInfiniteQuery(allProductsQuery())
  const products = bestSellers(data?.pages[0]?.products ?? [], COUNT)

  return (
    <section
      className={`container ${styles.section}`}
      aria-labelledby="best-sellers-title"
      id="best-sellers"
    >
      <h2 id="best-sellers-title" className={styles.title}>
        {messages.bestSellers}
      </h2>
      {error && !data ? (
        <div className={styles.error} role="alert">
          <p>{errorMessages(error).join(' ')}</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <ul className={styles.grid} aria-busy={isPending}>
          {isPending
            ? Array.from({ length: COUNT }, (_, i) => (
                <li key={i}>
                  <Skeleton height="340px" />
                </li>
              ))
            : products.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
        </ul>
      )}
    </section>
  )
}
