import { createFileRoute } from '@tanstack/react-router'
import { SimplePage } from '../features/layout/index.ts'

export const Route = createFileRoute('/order-confirmation')({
  component: () => <SimplePage title="Thank you for your order!" />,
})
