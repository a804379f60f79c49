import { createFileRoute, notFound } from '@tanstack/react-router'
import { ServicePage } from '../features/customer-service/components/service-page.tsx'
import { ServicePending } from '../features/customer-service/components/service-pending.tsx'
import { isServiceType, loadServiceContent } from '../features/customer-service/service-content.ts'
import { env } from '../lib/env.ts'
import { pageHead } from '../lib/head/route-head.ts'

export const Route = createFileRoute('/customer-service/$serviceType')({
  beforeLoad: ({ params }) => {
    if (!isServiceType(params.serviceType)) throw notFound()
    return { serviceType: params.serviceType }
  },
  // Finding an order needs our API, which keeps orders (decisions.md § Orders).
  loader: ({ context }) =>
    loadServiceContent(context.serviceType, env.brand, { orderLookup: env.bundledApi }),
  head: ({ match, loaderData }) =>
    pageHead(match, { name: loaderData?.title, description: loaderData?.intro }),
  pendingComponent: ServicePending,
  pendingMs: 0,
  pendingMinMs: 0,
  component: function CustomerServiceRoute() {
    const content = Route.useLoaderData()
    const { serviceType } = Route.useRouteContext()
    return <ServicePage type={serviceType} content={content} />
  },
})
