import { createFileRoute } from '@tanstack/react-router'
import { categoryName } from '../features/catalog/index.ts'
import { SimplePage } from '../features/layout/index.ts'

export const Route = createFileRoute('/products/$category')({
  component: function CategoryPage() {
    const { category } = Route.useParams()
    return <SimplePage title={categoryName(category)} />
  },
})
