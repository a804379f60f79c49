import { env } from '../../lib/env.ts'
import { canonicalUrl, listingDescription, PAGE_NAMES } from '../../lib/page-heads.ts'
import { pageHead, previewImage, type HeadMatch, type RouteHead } from '../../lib/route-head.ts'
import type { RouterContext } from '../../lib/router-context.ts'
import { breadcrumbLd, itemListLd } from '../../lib/structured-data.ts'
import { productListQuery } from '../../domain/catalogue/catalogue.queries.ts'
import { cachedCategoryName, catalogueTrail } from '../../domain/catalogue/catalogue-heads.ts'
import type { ListingSearch } from './listing-search.ts'

/**
 * A listing's head: its name, the products its first page shows (an ItemList) and its trail, from
 * what its loader put in the cache.
 */
export function listingHead(match: HeadMatch, category?: string): RouteHead {
  const { queryClient, origin } = match.context as RouterContext
  const name = category ? cachedCategoryName(match, category) : PAGE_NAMES.allProducts
  const url = canonicalUrl(origin, match.pathname)
  const { sort } = (match.search ?? {}) as ListingSearch
  const first = queryClient.getQueryData(productListQuery({ category, sort }).queryKey)?.pages[0]
  return pageHead(match, {
    name,
    description: listingDescription(env.brand, name),
    ...(import.meta.env.SSR &&
      category &&
      env.bundledApi && { image: previewImage(origin, { category, name }) }),
    // For crawlers, who read the server's HTML (route-head.ts).
    ...(import.meta.env.SSR && {
      jsonLd: [
        ...(first ? [itemListLd(name, first.products, (id) => `${origin}/product/${id}`)] : []),
        breadcrumbLd([...catalogueTrail(origin), ...(category ? [[name, url] as const] : [])]),
      ],
    }),
  })
}
