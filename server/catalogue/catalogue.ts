import * as v from 'valibot'
import seeds from './data/products.json' with { type: 'json' }
import { CATEGORY_SLUGS } from '../../shared/catalogue/categories.ts'
import {
  availabilityFor,
  barcodeFor,
  datesFor,
  reviewDate,
  reviewerEmail,
  skuFor,
} from './derive.ts'
import { productSeedSchema, skuCode, type Product, type ProductSeed } from './product.schema.ts'
import {
  createProductSearch,
  optionValues,
  QUERY_LIMITS,
} from '../../shared/search/product-search.ts'

/**
 * A product as held in memory: image and QR paths are relative, because the absolute URLs the API
 * answers with depend on the request's origin (see `publish`).
 */
export type StoredProduct = Product

export interface AssetBase {
  /** e.g. `http://localhost:4173` */
  origin: string
  /** the API's base path, e.g. `/api` */
  apiBase: string
  /** The image path with its content version appended (`…/1.svg?v=…`). */
  versionedImage: (path: string) => string
}

export interface Catalogue {
  readonly products: readonly StoredProduct[]
  readonly categories: readonly string[]
  byId(id: number): StoredProduct | undefined
  inCategory(slug: string): readonly StoredProduct[]
  search(query: string): readonly StoredProduct[]
}

/** Search text as the public API reads it: trimmed, lower-cased, '-' read as a space. */
export function normaliseSearch(text: string): string {
  return text.trim().toLowerCase().replaceAll('-', ' ')
}

/**
 * A query as the search reads it (within its limits, normalised): two queries with the same key
 * find the same products, so the answer cache keys searches on it.
 */
export const searchKey = (query: string) => normaliseSearch(query.slice(0, QUERY_LIMITS.characters))

export function buildProduct(seed: ProductSeed, id: number): StoredProduct {
  const { createdAt, updatedAt } = datesFor(id)
  const imagePath = (name: string) => `images/products/${id}/${name}.svg`
  return {
    id,
    title: seed.title,
    description: seed.description,
    category: seed.category,
    price: seed.price,
    discountPercentage: seed.discountPercentage,
    rating: averageRating(seed.reviews),
    stock: seed.stock,
    tags: seed.tags,
    brand: seed.brand,
    sku: skuFor(seed, id),
    weight: seed.weight,
    dimensions: seed.dimensions,
    warrantyInformation: seed.warrantyInformation,
    shippingInformation: seed.shippingInformation,
    availabilityStatus: availabilityFor(seed.stock),
    reviews: seed.reviews.map((review, index) => ({
      rating: review.rating,
      comment: review.comment,
      date: reviewDate(createdAt, id, index).toISOString(),
      reviewerName: review.reviewerName,
      reviewerEmail: reviewerEmail(review.reviewerName),
    })),
    returnPolicy: seed.returnPolicy,
    minimumOrderQuantity: seed.minimumOrderQuantity,
    meta: {
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
      barcode: barcodeFor(id),
      // What a shelf QR code would encode: the storefront's page for this product.
      qrCode: `product/${id}`,
    },
    images: Array.from({ length: seed.imageCount }, (_, i) => imagePath(String(i + 1))),
    thumbnail: imagePath('thumbnail'),
    ...variantsOf(seed, skuFor(seed, id), imagePath),
  }
}

/**
 * A product's options and its variants as the API gives them (docs/api.md § Options and
 * variants): each variant's SKU is the product's and its values' codes, its price and discount the
 * product's unless its own, its availability from its own stock. The product's price and stock are
 * already the lowest and the sum (the seed schema checks it).
 */
function variantsOf(
  seed: ProductSeed,
  productSku: string,
  imagePath: (name: string) => string,
): Pick<StoredProduct, 'options' | 'variants'> {
  const { options, variants } = seed
  if (!options || !variants) return {}
  return {
    options,
    variants: variants.map((variant) => ({
      sku: [productSku, ...options.map((o) => skuCode(variant.options[o.name]!))].join('-'),
      options: Object.fromEntries(options.map((o) => [o.name, variant.options[o.name]!])),
      price: variant.price ?? seed.price,
      discountPercentage: variant.discountPercentage ?? seed.discountPercentage,
      stock: variant.stock,
      availabilityStatus: availabilityFor(variant.stock),
      ...(variant.image && { image: imagePath(String(variant.image)) }),
    })),
  }
}

/**
 * A product's rating: the average of its reviews, to 2 decimals as DummyJSON gives it, so the
 * stars, the number shown and the structured data's aggregateRating all summarise the reviews
 * the page lists.
 */
export function averageRating(reviews: readonly { rating: number }[]): number {
  const sum = reviews.reduce((total, review) => total + review.rating, 0)
  return Math.round((sum / reviews.length) * 100) / 100
}

/** A picture's absolute URL for the request's origin, with its content version. */
export const assetUrl = (path: string, base: AssetBase) =>
  `${base.origin}${base.apiBase}/${base.versionedImage(path)}`

/** The product with absolute URLs for the request's origin. */
export function publish(product: StoredProduct, base: AssetBase): Product {
  const asset = (path: string) => assetUrl(path, base)
  return {
    ...product,
    meta: { ...product.meta, qrCode: `${base.origin}/${product.meta.qrCode}` },
    images: product.images.map(asset),
    thumbnail: asset(product.thumbnail),
    ...(product.variants && {
      variants: product.variants.map((variant) =>
        variant.image ? { ...variant, image: asset(variant.image) } : variant,
      ),
    }),
  }
}

export function createCatalogue(productSeeds: readonly ProductSeed[]): Catalogue {
  const products = productSeeds.map((seed, index) => buildProduct(seed, index + 1))
  const byCategory = new Map<string, StoredProduct[]>()
  for (const product of products) {
    const list = byCategory.get(product.category) ?? []
    list.push(product)
    byCategory.set(product.category, list)
  }
  const productSearch = createProductSearch(products)
  // DummyJSON's rule besides: the query as a substring of the product's text, so that 'phone'
  // still finds iPhones and smartphones (after the products with the word itself).
  const haystacks = products.map((p) =>
    normaliseSearch(
      [p.title, p.description, p.brand, p.category, ...p.tags, ...optionValues(p)].join(' '),
    ),
  )

  return {
    products,
    categories: CATEGORY_SLUGS,
    byId: (id) => (Number.isInteger(id) && id >= 1 ? products[id - 1] : undefined),
    inCategory: (slug) => byCategory.get(slug.toLowerCase()) ?? [],
    search(query) {
      // Read within the search's limits, as the index reads it (the rest of the query is ignored).
      const needle = normaliseSearch(query.slice(0, QUERY_LIMITS.characters))
      if (!needle) return products
      const ranked = productSearch.search(query).map(({ id }) => products[id - 1]!)
      const found = new Set(ranked)
      return [
        ...ranked,
        ...products.filter((product, i) => !found.has(product) && haystacks[i]?.includes(needle)),
      ]
    },
  }
}

/** The bundled catalogue, validated on load so a bad edit to the data fails at start, not mid-request. */
export function loadCatalogue(): Catalogue {
  const result = v.safeParse(v.array(productSeedSchema), seeds)
  if (!result.success) {
    const issue = result.issues[0]
    throw new Error(`Invalid catalogue data at ${v.getDotPath(issue) ?? '?'}: ${issue.message}`)
  }
  return createCatalogue(result.output)
}
