import { createFileRoute } from '@tanstack/react-router'
import { SimplePage } from '../features/layout/index.ts'

export const Route = createFileRoute('/checkout')({
  component: () => <SimplePage title="Checkout" />,
})
