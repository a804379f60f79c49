import { createFileRoute, notFound } from '@tanstack/react-router'
import * as v from 'valibot'
import { productIdSchema } from '../domain/catalogue/catalogue.api.ts'
import { productHead } from '../domain/catalogue/catalogue-heads.ts'
import { loadProduct } from '../features/product/product-loader.ts'
import { parseProductSearch } from '../features/product/product-search.ts'
import { ProductPage } from '../features/product/components/product-page.tsx'

export const Route = createFileRoute('/product/$id')({
  // Only positive whole numbers are product ids; anything else is a page that does not exist.
  validateSearch: parseProductSearch,
  beforeLoad: ({ params }) => {
    if (!v.is(productIdSchema, params.id)) throw notFound()
  },
  loader: ({ context, params }) => loadProduct(context.queryClient, Number(params.id)),
  head: ({ match, loaderData }) => productHead(match, loaderData),
  component: function ProductRoute() {
    const { id } = Route.useParams()
    const { variant } = Route.useSearch()
    // Keyed by id: another product (e.g. from You Might Also Like) starts with fresh page state.
    return <ProductPage key={id} id={Number(id)} variantSku={variant} />
  },
})
