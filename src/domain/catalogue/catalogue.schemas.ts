import * as v from 'valibot'

/**
 * A form a product is sold in (ours, docs/api.md § Options and variants): one value of each of its
 * options, with its own SKU, price and stock, and a photo of its own where it has one.
 */
// `{ [option]: value }`. Checked as a whole rather than with v.record, which the entry would carry
// for this one field (decisions.md § Options and variants).
const isValueMap = (input: unknown): input is Record<string, string> =>
  input instanceof Object && Object.values(input).every((value) => typeof value === 'string')

const variantSchema = v.object({
  sku: v.string(),
  options: v.custom<Record<string, string>>(isValueMap),
  price: v.number(),
  discountPercentage: v.number(),
  stock: v.number(),
  availabilityStatus: v.optional(v.string()),
  image: v.optional(v.string()),
})

/** What a product card shows; every list answer carries at least this. */
export const productCardSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  title: v.string(),
  // The public demo API may omit brand (decisions.md § Catalogue API).
  brand: v.optional(v.string()),
  category: v.string(),
  price: v.number(),
  discountPercentage: v.number(),
  rating: v.number(),
  thumbnail: v.string(),
  // Its price "from" the cheapest, where they differ.
  variants: v.optional(v.array(variantSchema)),
})

/**
 * A shopper's review. DummyJSON's and ours carry all four (and an e-mail the storefront never
 * shows); a review without words, date or name still counts with its stars.
 */
const optionalText = v.optional(v.string())
const reviewSchema = v.object({
  rating: v.number(),
  comment: optionalText,
  date: optionalText,
  reviewerName: optionalText,
})

/** What the storefront shows of a product: the card plus the detail page's fields. */
const productFields = {
  ...productCardSchema.entries,
  description: v.string(),
  stock: v.number(),
  images: v.array(v.string()),
  tags: v.optional(v.array(v.string()), []),
  reviews: v.optional(v.array(reviewSchema)),
  // The product's own terms and facts, for its details (rules.md § Product page).
  sku: optionalText,
  shippingInformation: optionalText,
  returnPolicy: optionalText,
  warrantyInformation: optionalText,
  dimensions: v.optional(v.object({ width: v.number(), height: v.number(), depth: v.number() })),
  weight: v.optional(v.number()),
  minimumOrderQuantity: v.optional(v.number()),
  options: v.optional(v.array(v.object({ name: v.string(), values: v.array(v.string()) }))),
}

/**
 * A product. The product page's own answer also names its availability for its structured data,
 * which lists fetched with `select` leave out.
 */
export const productSchema = v.object({
  ...productFields,
  availabilityStatus: v.optional(v.string()),
})

/**
 * The fields the storefront asks for when it fetches a whole category at once (`select`): all it
 * shows, so any cached list can seed a product page.
 */
export const PRODUCT_FIELDS = Object.keys(productFields).filter((key) => key !== 'id')

export const productListSchema = v.object({
  products: v.array(productSchema),
  total: v.number(),
  skip: v.number(),
  limit: v.number(),
})

/**
 * `products/categories`: `[{ slug, name, url }]`, in the API's order. **ours** adds `image`, a
 * picture of the category; the public API has none (the storefront then shows a product's).
 */
export const categoryListSchema = v.array(
  v.object({ slug: v.string(), name: v.string(), image: v.optional(v.string()) }),
)

/** `products?limit=0&select=category,thumbnail`: a picture for each category that has none. */
export const thumbnailListSchema = v.object({
  products: v.array(v.object({ category: v.string(), thumbnail: v.string() })),
})

export type Category = v.InferOutput<typeof categoryListSchema>[number]
export type ProductCardData = v.InferOutput<typeof productCardSchema>
export type Product = v.InferOutput<typeof productSchema>
export type Review = v.InferOutput<typeof reviewSchema>
export type Variant = v.InferOutput<typeof variantSchema>
export type ProductList = v.InferOutput<typeof productListSchema>
