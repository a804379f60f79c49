import { canonicalUrl } from '../../lib/page-heads.ts'
import { discountedPrice } from '../../../shared/pricing/pricing.ts'
import { env } from '../../lib/env.ts'
import { pageHead, previewImage, type HeadMatch, type RouteHead } from '../../lib/route-head.ts'
import type { RouterContext } from '../../lib/router-context.ts'
import { breadcrumbLd, productLd } from '../../lib/structured-data.ts'
import type { Product } from '../../domain/catalogue/catalogue.schemas.ts'
import { cachedCategoryName, catalogueTrail } from '../../domain/catalogue/catalogue-heads.ts'

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
