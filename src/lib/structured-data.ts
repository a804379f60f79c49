import type {
  BreadcrumbList,
  ItemAvailability,
  ItemList,
  Organization,
  Product,
  SearchAction,
  WebSite,
  WithContext,
} from 'schema-dts'
import { discountedPrice } from './pricing.ts'

/**
 * schema.org structured data (JSON-LD) for the pages search engines show richly: typed with
 * schema-dts, so a misspelt property or a wrong kind of value does not compile.
 */

const AVAILABILITY: Record<string, ItemAvailability> = {
  'In Stock': 'https://schema.org/InStock',
  'Low Stock': 'https://schema.org/LimitedAvailability',
  'Out of Stock': 'https://schema.org/OutOfStock',
}

/** What a product's structured data names. */
export interface ProductFacts {
  title: string
  description: string
  category: string
  brand?: string
  price: number
  discountPercentage: number
  rating: number
  stock: number
  images: readonly string[]
  sku?: string
  availabilityStatus?: string
  reviews?: readonly {
    rating: number
    comment?: string
    date?: string
    reviewerName?: string
  }[]
}

/** A product page: the price a shopper pays (after its discount, as the page shows it). */
export function productLd(product: ProductFacts, url: string): WithContext<Product> {
  const reviews = product.reviews?.length ?? 0
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    image: [...product.images],
    ...(product.sku && { sku: product.sku }),
    url,
    category: product.category,
    ...(product.brand && { brand: { '@type': 'Brand', name: product.brand } }),
    offers: {
      '@type': 'Offer',
      url,
      price: discountedPrice(product.price, product.discountPercentage).toFixed(2),
      priceCurrency: 'USD',
      availability:
        AVAILABILITY[product.availabilityStatus ?? ''] ??
        (product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock'),
    },
    ...(reviews > 0 && {
      review: product.reviews?.map((review) => ({
        '@type': 'Review' as const,
        reviewRating: {
          '@type': 'Rating' as const,
          ratingValue: review.rating,
          bestRating: 5,
          worstRating: 1,
        },
        author: { '@type': 'Person' as const, name: review.reviewerName ?? 'A shopper' },
        ...(review.date && { datePublished: review.date.slice(0, 10) }),
        ...(review.comment && { reviewBody: review.comment }),
      })),
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: product.rating,
        bestRating: 5,
        worstRating: 1,
        reviewCount: reviews,
      },
    }),
  }
}

/** The trail from home to a page: `[name, absolute URL]` pairs. */
export function breadcrumbLd(
  trail: readonly (readonly [name: string, url: string])[],
): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, item], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item,
    })),
  }
}

/** A listing's first page of products, each by its page's address. */
export function itemListLd(
  name: string,
  products: readonly { id: number; title: string }[],
  productUrl: (id: number) => string,
): WithContext<ItemList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: products.length,
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: productUrl(product.id),
      name: product.title,
    })),
  }
}

/** Home: the shop, and its search box as search engines may offer it (`/search?q=`). */
export function siteLd(
  brand: string,
  origin: string,
): [WithContext<Organization>, WithContext<WebSite>] {
  const search: SearchAction & { 'query-input': string } = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
    'query-input': 'required name=search_term_string',
  }
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: brand,
      url: `${origin}/`,
      logo: `${origin}/favicon.svg`,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: brand,
      url: `${origin}/`,
      potentialAction: search,
    },
  ]
}
