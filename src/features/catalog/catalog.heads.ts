import { env } from '../../lib/env.ts'
import { canonicalUrl, listingDescription, PAGE_NAMES } from '../../lib/page-heads.ts'
import { discountedPrice } from '../../lib/pricing.ts'
import { pageHead, type HeadMatch, type RouteHead } from '../../lib/route-head.ts'
import type { RouterContext } from '../../lib/router-context.ts'
import { breadcrumbLd, itemListLd, productLd } from '../../lib/structured-data.ts'
import { categoriesQuery, productListQuery } from './catalog.queries.ts'
import type { Product } from './catalog.schemas.ts'
import { categoryName } from './categories.ts'
import type { ListingSearch } from './listing-search.ts'

/** The category's name as the API in use names it (the cached list, else its slug's words). */
function nameOf(match: HeadMatch, slug: string): string {
  const { queryClient } = match.context as RouterContext
  return categoryName(slug, queryClient.getQueryData(categoriesQuery().queryKey) ?? [])
}

/** Home, then All Products: the trail every catalogue page starts with, as `[name, URL]`. */
const trailStart = (origin: string) =>
  [
    [env.brand, `${origin}/`],
    [PAGE_NAMES.allProducts, `${origin}/products`],
  ] as const

/**
 * A listing's head: its name, the products its first page shows (an ItemList) and its trail, from
 * what its loader put in the cache.
 */
export function listingHead(match: HeadMatch, category?: string): RouteHead {
  const { queryClient, origin } = match.context as RouterContext
  const name = category ? nameOf(match, category) : PAGE_NAMES.allProducts
  const url = canonicalUrl(origin, match.pathname)
  const { sort } = (match.search ?? {}) as ListingSearch
  const first = queryClient.getQueryData(productListQuery({ category, sort }).queryKey)?.pages[0]
  return pageHead(match, {
    name,
    description: listingDescription(env.brand, name),
    // For crawlers, who read the server's HTML (route-head.ts).
    ...(import.meta.env.SSR && {
      jsonLd: [
        ...(first ? [itemListLd(name, first.products, (id) => `${origin}/product/${id}`)] : []),
        breadcrumbLd([...trailStart(origin), ...(category ? [[name, url] as const] : [])]),
      ],
    }),
  })
}

/** A product's head: its title, description, picture and price, and its Product (schema.org). */
export function productHead(match: HeadMatch, product: Product | undefined): RouteHead {
  const { origin } = match.context as RouterContext
  if (!product) return pageHead(match, {})
  const url = canonicalUrl(origin, match.pathname)
  const category = nameOf(match, product.category)
  const price = discountedPrice(product.price, product.discountPercentage).toFixed(2)
  return pageHead(match, {
    name: product.title,
    description: product.description,
    image: product.images[0],
    type: 'product',
    properties: [
      ['product:price:amount', price],
      ['product:price:currency', 'USD'],
    ],
    ...(import.meta.env.SSR && {
      jsonLd: [
        productLd(product, url),
        breadcrumbLd([
          ...trailStart(origin),
          [category, `${origin}/products/${encodeURIComponent(product.category)}`],
          [product.title, url],
        ]),
      ],
    }),
  })
}
