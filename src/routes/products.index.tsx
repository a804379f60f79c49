import { createFileRoute } from '@tanstack/react-router'
import { listingHead } from '../domain/catalogue/catalogue-heads.ts'
import { ListingPage } from '../features/listing/components/listing-page.tsx'
import { loadListing } from '../features/listing/listing-loader.ts'
import { listingSearchOf, parseListingSearch } from '../features/listing/listing-search.ts'

export const Route = createFileRoute('/products/')({
  validateSearch: parseListingSearch,
  loaderDeps: ({ search }) => listingSearchOf(search),
  loader: ({ context, deps }) => loadListing(context.queryClient, undefined, deps),
  head: ({ match }) => listingHead(match),
  component: function AllProductsRoute() {
    const search = Route.useSearch({ select: listingSearchOf })
    const navigate = Route.useNavigate()
    return (
      <ListingPage search={search} onSearchChange={(next) => void navigate({ search: next })} />
    )
  },
})
