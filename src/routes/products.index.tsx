import { createFileRoute } from '@tanstack/react-router'
import { SimplePage } from '../features/layout/index.ts'
import { messages } from '../lib/messages.ts'

export const Route = createFileRoute('/products/')({
  component: () => <SimplePage title={messages.allProducts} />,
})
