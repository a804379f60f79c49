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

const money = v.pipe(v.number(), v.gtValue(0), v.finite())
const percentage = v.pipe(v.number(), v.minValue(0), v.maxValue(100))

/** An option a shopper chooses (docs/api.md § Options and variants): "Size", with its values. */
export const optionSchema = v.strictObject({
  name: text(2, 20),
  values: v.pipe(v.array(text(1, 20)), v.minLength(2), v.maxLength(10)),
})

/**
 * A variant as authored: one combination that is sold. Its price and discount default to the
 * product's; `image` is the number of the product's photo that shows it.
 */
const variantSeedSchema = v.strictObject({
  options: v.record(v.string(), v.string()),
  stock: wholeNumber(0),
  price: v.optional(money),
  discountPercentage: v.optional(percentage),
  image: v.optional(wholeNumber(1, 4)),
})

/** What `data/products.json` holds per product: the authored part; the rest is derived. */
const productSeedEntries = v.strictObject({
  title: text(3, 60),
  brand: text(2, 30),
  category: v.picklist(CATEGORY_SLUGS),
  description: text(40, 400),
  price: money,
  discountPercentage: percentage,
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
  options: v.optional(v.pipe(v.array(optionSchema), v.minLength(1), v.maxLength(3))),
  variants: v.optional(v.pipe(v.array(variantSeedSchema), v.minLength(1))),
})

export const productSeedSchema = v.pipe(
  productSeedEntries,
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    for (const message of variantSeedProblems(dataset.value)) addIssue({ message })
  }),
)

type SeedEntries = v.InferOutput<typeof productSeedEntries>

/**
 * What makes a product's options and variants unsellable (docs/api.md § Options and variants):
 * both or neither; every variant names each option once with one of its values; no combination
 * twice; SKU codes that stay apart; the product's price the lowest variant price, its stock the sum.
 */
export function variantSeedProblems(seed: SeedEntries): string[] {
  const { options, variants } = seed
  if (!options && !variants) return []
  if (!options || !variants) return ['options and variants go together']
  const problems: string[] = []
  const names = options.map((option) => option.name)
  if (new Set(names).size !== names.length) problems.push('option names repeat')
  for (const option of options) {
    const codes = option.values.map(skuCode)
    if (new Set(codes).size !== codes.length || codes.includes(''))
      problems.push(`the values of ${option.name} do not make distinct SKU codes`)
  }
  const combinations = new Set<string>()
  for (const variant of variants) {
    const named = Object.keys(variant.options)
    const fits =
      named.length === options.length &&
      options.every((option) => option.values.includes(variant.options[option.name] ?? ''))
    const combination = options.map((option) => variant.options[option.name]).join('/')
    if (!fits) problems.push(`variant ${combination} does not name one value of each option`)
    else if (combinations.has(combination)) problems.push(`variant ${combination} repeats`)
    combinations.add(combination)
    if ((variant.image ?? 1) > seed.imageCount)
      problems.push(`variant ${combination} shows a photo the product does not have`)
  }
  const lowest = Math.min(...variants.map((variant) => variant.price ?? seed.price))
  if (lowest !== seed.price) problems.push('price is not the lowest variant price')
  const stock = variants.reduce((sum, variant) => sum + variant.stock, 0)
  if (stock !== seed.stock) problems.push(`stock is not the variants' sum (${stock})`)
  return problems
}

/** A value's part of a variant's SKU: its letters and digits, upper-cased ("50 ml" → "50ML"). */
export const skuCode = (value: string) => value.replace(/[^a-z0-9]/gi, '').toUpperCase()

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
  options: v.optional(v.array(optionSchema)),
  variants: v.optional(
    v.array(
      v.strictObject({
        sku: v.string(),
        options: v.record(v.string(), v.string()),
        price: v.number(),
        discountPercentage: v.number(),
        stock: wholeNumber(0),
        availabilityStatus: v.picklist(AVAILABILITY),
        image: v.optional(v.pipe(v.string(), v.url())),
      }),
    ),
  ),
})

export type Product = v.InferOutput<typeof productSchema>
