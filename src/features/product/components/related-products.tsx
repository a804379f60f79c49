import { useSuspenseQuery } from '@tanstack/react-query'
import { QueryBoundary } from '../../../components/query-boundary.tsx'
import { productMessages } from '../../../lib/page-messages.ts'
import { relatedQuery } from '../../../domain/catalogue/catalogue.queries.ts'
import { ProductGrid, ProductGridSkeleton } from '../../../components/product-grid.tsx'

/**
 * 'You Might Also Like': 3 other products (rules.md § Product page, decisions.md § Data fetching and caching). The product route starts the
 * request without waiting for it: the product paints first.
 */
export function RelatedProducts({ id }: { id: number }) {
  return (
    <QueryBoundary fallback={<ProductGridSkeleton count={3} />}>
      <RelatedList id={id} />
    </QueryBoundary>
  )
}

function RelatedList({ id }: { id: number }) {
  const { data } = useSuspenseQuery(relatedQuery(id))
  if (data.length === 0) return <p>No suggestions right now.</p>
  return (
    <ProductGrid
      products={data.slice(0, 3)}
      label={productMessages.youMightAlsoLike}
      belowTheFold
    />
  )
}
