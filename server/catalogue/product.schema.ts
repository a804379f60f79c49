import * as v from 'valibot'
import { CATEGORY_SLUGS } from '../../shared/catalogue/categories.ts'

const text = (min: number, max: number) =>
  v.pipe(v.string(), v.trim(), v.minLength(min), v.maxLength(max))
const positive = v.pipe(v.number(), v.minValue(0), v.finite())
const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max))

export const dimensionsSchema = v.strictObject({
  width: positive,
  height: positive,
  depth: positive,
})

export const AVAILABILITY = ['In Stock', 'Low Stock', 'Out of Stock'] as const

/** What `data/products.json` holds per product: the authored part; the rest is derived. */
export const productSeedSchema = v.strictObject({
  title: text(3, 60),
  brand: text(2, 30),
  category: v.picklist(CATEGORY_SLUGS),
  description: text(40, 400),
  price: v.pipe(v.number(), v.gtValue(0), v.finite()),
  discountPercentage: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  rating: v.pipe(v.number(), v.minValue(1), v.maxValue(5)),
  stock: wholeNumber(0),
  tags: v.pipe(v.array(text(2, 30)), v.minLength(1), v.maxLength(6)),
  weight: v.pipe(v.number(), v.gtValue(0), v.finite()),
  dimensions: dimensionsSchema,
  warrantyInformation: text(3, 60),
  shippingInformation: text(3, 60),
  returnPolicy: text(3, 60),
  minimumOrderQuantity: wholeNumber(1, 1000),
  imageCount: wholeNumber(1, 4),
  reviews: v.pipe(
    v.array(
      v.strictObject({
        rating: wholeNumber(1, 5),
        comment: text(3, 200),
        reviewerName: text(3, 60),
      }),
    ),
    v.length(3),
  ),
})

export type ProductSeed = v.InferOutput<typeof productSeedSchema>

/** A product as the API answers it (the contract's product fields, all present). */
export const productSchema = v.strictObject({
  id: wholeNumber(1),
  title: v.string(),
  description: v.string(),
  category: v.string(),
  price: v.number(),
  discountPercentage: v.number(),
  rating: v.number(),
  stock: wholeNumber(0),
  tags: v.array(v.string()),
  brand: v.string(),
  sku: v.string(),
  weight: v.number(),
  dimensions: dimensionsSchema,
  warrantyInformation: v.string(),
  shippingInformation: v.string(),
  availabilityStatus: v.picklist(AVAILABILITY),
  reviews: v.array(
    v.strictObject({
      rating: v.number(),
      comment: v.string(),
      date: v.pipe(v.string(), v.isoTimestamp()),
      reviewerName: v.string(),
      reviewerEmail: v.pipe(v.string(), v.email()),
    }),
  ),
  returnPolicy: v.string(),
  minimumOrderQuantity: v.number(),
  meta: v.strictObject({
    createdAt: v.pipe(v.string(), v.isoTimestamp()),
    updatedAt: v.pipe(v.string(), v.isoTimestamp()),
    barcode: v.pipe(v.string(), v.regex(/^\d{13}$/)),
    qrCode: v.pipe(v.string(), v.url()),
  }),
  images: v.pipe(v.array(v.pipe(v.string(), v.url())), v.minLength(1), v.maxLength(4)),
  thumbnail: v.pipe(v.string(), v.url()),
})

export type Product = v.InferOutput<typeof productSchema>
