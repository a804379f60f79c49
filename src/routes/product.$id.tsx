import { createFileRoute, notFound } from '@tanstack/react-router'
import { SimplePage } from '../features/layout/index.ts'

export const Route = createFileRoute('/product/$id')({
  // Only positive whole numbers are product ids; anything else is a page that does not exist.
  beforeLoad: ({ params }) => {
    if (!/^[1-9]\d{0,8}$/.test(params.id)) throw notFound()
  },
  component: () => <SimplePage title="Product" />,
})
