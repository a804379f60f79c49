import type {
  BreadcrumbList,
  ItemAvailability,
  ItemList,
  Organization,
  Offer,
  Product,
  ProductGroup,
  SearchAction,
  WebSite,
  WithContext,
} from 'schema-dts'
import { discountedPrice } from '../../../shared/pricing/pricing.ts'

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
  options?: readonly { name: string; values: readonly string[] }[]
  variants?: readonly {
    sku: string
    options: Readonly<Record<string, string>>
    price: number
    discountPercentage: number
    stock: number
    availabilityStatus?: string
    image?: string
  }[]
  reviews?: readonly {
    rating: number
    comment?: string
    date?: string
    reviewerName?: string
  }[]
}

/** What a shopper pays (after its discount, as the page shows it), and whether they can. */
function offerLd(
  url: string,
  {
    price,
    discountPercentage,
    stock,
  }: Pick<ProductFacts, 'price' | 'discountPercentage' | 'stock'>,
  availabilityStatus?: string,
): Offer {
  return {
    '@type': 'Offer',
    url,
    price: discountedPrice(price, discountPercentage).toFixed(2),
    priceCurrency: 'USD',
    availability:
      AVAILABILITY[availabilityStatus ?? ''] ??
      (stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock'),
  }
}

/** The options schema.org names ("variesBy"); another option is a property named as ours. */
const VARIES_BY: Readonly<Record<string, 'size' | 'color'>> = { Size: 'size', Colour: 'color' }

/**
 * A product page. A product sold in options is a ProductGroup whose variants are each a Product
 * with its SKU, its offer and the values it varies by, as Google's merchant listings describe
 * (rules.md § Options and variants); the reviews and rating are the group's.
 */
export function productLd(
  product: ProductFacts,
  url: string,
): WithContext<Product> | WithContext<ProductGroup> {
  const brand = product.brand ? { brand: { '@type': 'Brand', name: product.brand } as const } : {}
  const shared = {
    name: product.title,
    description: product.description,
    image: [...product.images],
    url,
    category: product.category,
    ...brand,
    ...ratingLd(product),
  }
  const { options, variants } = product
  if (options?.length && variants?.length)
    return {
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      ...shared,
      ...(product.sku && { productGroupID: product.sku }),
      variesBy: options.map(({ name }) =>
        VARIES_BY[name] ? `https://schema.org/${VARIES_BY[name]}` : name,
      ),
      hasVariant: variants.map((variant): Product => {
        const variantUrl = `${url}?variant=${encodeURIComponent(variant.sku)}`
        const values = options.map(({ name }) => [name, variant.options[name] ?? ''] as const)
        const others = values.filter(([name]) => !VARIES_BY[name])
        return {
          '@type': 'Product',
          sku: variant.sku,
          name: `${product.title} (${values.map(([, value]) => value).join(', ')})`,
          ...(variant.image && { image: variant.image }),
          ...Object.fromEntries(
            values.flatMap(([name, value]) => (VARIES_BY[name] ? [[VARIES_BY[name], value]] : [])),
          ),
          ...(others.length > 0 && {
            additionalProperty: others.map(([name, value]) => ({
              '@type': 'PropertyValue' as const,
              name,
              value,
            })),
          }),
          // Its address once, on its offer, as in Google's example of variants on one page.
          offers: offerLd(variantUrl, variant, variant.availabilityStatus),
        }
      }),
    }
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    ...shared,
    ...(product.sku && { sku: product.sku }),
    offers: offerLd(url, product, product.availabilityStatus),
  }
}

/** The reviews a product page shows and their aggregate, when it has any. */
function ratingLd(product: ProductFacts): Pick<Product, 'review' | 'aggregateRating'> {
  const reviews = product.reviews?.length ?? 0
  return {
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
