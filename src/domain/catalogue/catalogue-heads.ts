import { discountedPrice } from '../../../shared/pricing/pricing.ts'
import { env } from '../../lib/env.ts'
import {
  pageHead,
  previewImage,
  type HeadMatch,
  type RouteHead,
} from '../../lib/head/route-head.ts'
import { canonicalUrl, listingDescription, PAGE_NAMES } from '../../lib/head/rules.ts'
import { breadcrumbLd, itemListLd, productLd } from '../../lib/head/structured-data.ts'
import type { RouterContext } from '../../lib/router-context.ts'
import type { ListScope } from './catalogue.api.ts'
import { categoriesQuery, productListQuery } from './catalogue.queries.ts'
import type { Product } from './catalogue.schemas.ts'
import { categoryName } from './categories.ts'

/**
 * The heads of the catalogue's pages, the listings and the product page, from what their loaders
 * put in the cache: names, descriptions, link previews and, for crawlers, who read the server's
 * HTML only (route-head.ts), their schema.org data and trail.
 */

/** The category's name as the API in use names it (the cached list, else its slug's words). */
function cachedCategoryName(match: HeadMatch, slug: string): string {
  const { queryClient } = match.context as RouterContext
  return categoryName(slug, queryClient.getQueryData(categoriesQuery().queryKey) ?? [])
}

/** Home, then All Products: the trail every catalogue page starts with, as `[name, URL]`. */
const catalogueTrail = (origin: string) =>
  [
    [env.brand, `${origin}/`],
    [PAGE_NAMES.allProducts, `${origin}/products`],
  ] as const

/** A listing's head: its name, the products its first page shows (an ItemList) and its trail. */
export function listingHead(match: HeadMatch, category?: string): RouteHead {
  const { queryClient, origin } = match.context as RouterContext
  const name = category ? cachedCategoryName(match, category) : PAGE_NAMES.allProducts
  const url = canonicalUrl(origin, match.pathname)
  const { sort } = (match.search ?? {}) as Pick<ListScope, 'sort'>
  const first = queryClient.getQueryData(productListQuery({ category, sort }).queryKey)?.pages[0]
  return pageHead(match, {
    name,
    description: listingDescription(env.brand, name),
    ...(import.meta.env.SSR &&
      category &&
      env.bundledApi && { image: previewImage(origin, { category, name }) }),
    ...(import.meta.env.SSR && {
      jsonLd: [
        ...(first ? [itemListLd(name, first.products, (id) => `${origin}/product/${id}`)] : []),
        breadcrumbLd([...catalogueTrail(origin), ...(category ? [[name, url] as const] : [])]),
      ],
    }),
  })
}

/** A product's head: its title, description, picture and price, and its Product (schema.org). */
export function productHead(match: HeadMatch, product: Product | undefined): RouteHead {
  const { origin } = match.context as RouterContext
  if (!product) return pageHead(match, {})
  const url = canonicalUrl(origin, match.pathname)
  const category = cachedCategoryName(match, product.category)
  const price = discountedPrice(product.price, product.discountPercentage).toFixed(2)
  return pageHead(match, {
    name: product.title,
    description: product.description,
    // Our pictures are SVG, which no link previewer shows: the server's PNG preview instead.
    ...(import.meta.env.SSR && {
      image: env.bundledApi
        ? previewImage(origin, { product })
        : product.images[0]
          ? { url: product.images[0], alt: product.title }
          : undefined,
    }),
    type: 'product',
    properties: [
      ['product:price:amount', price],
      ['product:price:currency', 'USD'],
    ],
    ...(import.meta.env.SSR && {
      jsonLd: [
        productLd(product, url),
        breadcrumbLd([
          ...catalogueTrail(origin),
          [category, `${origin}/products/${encodeURIComponent(product.category)}`],
          [product.title, url],
        ]),
      ],
    }),
  })
}
