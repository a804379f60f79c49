import { createFileRoute } from '@tanstack/react-router'
import { listingHead } from '../domain/catalogue/catalogue-heads.ts'
import { ListingPage } from '../features/listing/components/listing-page.tsx'
import { loadCategoryListing } from '../features/listing/listing-loader.ts'
import { listingSearchOf, parseListingSearch } from '../features/listing/listing-search.ts'

export const Route = createFileRoute('/products/$category')({
  validateSearch: parseListingSearch,
  loaderDeps: ({ search }) => listingSearchOf(search),
  loader: ({ context, deps, params }) =>
    loadCategoryListing(context.queryClient, params.category, deps),
  head: ({ match, params }) => listingHead(match, params.category),
  component: function CategoryRoute() {
    const { category } = Route.useParams()
    const search = Route.useSearch({ select: listingSearchOf })
    const navigate = Route.useNavigate()
    return (
      <ListingPage
        category={category}
        search={search}
        onSearchChange={(next) => void navigate({ search: next })}
      />
    )
  },
})
