import { useQuery } from '@tanstack/react-query'
import { relatedQuery } from '../../catalog/index.ts'
import { ProductGrid, ProductGridSkeleton } from '../../catalog/ui.ts'

/** 'You Might Also Like': 3 other products (spec §2.6, decisions §4). */
export function RelatedProducts({ id }: { id: number }) {
  const related = useQuery(relatedQuery(id))
  if (related.isPending) return <ProductGridSkeleton count={3} />
  if (!related.data?.length) return <p>No suggestions right now.</p>
  return (
    <ProductGrid products={related.data.slice(0, 3)} label="You Might Also Like" belowTheFold />
  )
}
