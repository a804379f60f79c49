import { createFileRoute, notFound } from '@tanstack/react-router'
import { SimplePage } from '../features/layout/index.ts'

const SERVICES: Record<string, string> = {
  warranty: '5-Year Warranty',
  'shop-gifts': 'Free Gift Boxing',
  returns: 'Free Shipping & Returns',
  monogram: 'Make it Yours',
}

export const Route = createFileRoute('/customer-service/$serviceType')({
  beforeLoad: ({ params }) => {
    if (!Object.hasOwn(SERVICES, params.serviceType)) throw notFound()
  },
  component: function CustomerServicePage() {
    const { serviceType } = Route.useParams()
    return <SimplePage title={SERVICES[serviceType] ?? 'Customer Service'} />
  },
})
