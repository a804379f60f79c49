import * as v from 'valibot'
import { limitsOf, MAX_LINE_QUANTITY, withinLimits } from './quantity.ts'

const count = v.pipe(v.number(), v.integer(), v.minValue(0))

/**
 * The variant a line holds, for a product sold in options (rules.md § Options and variants): its
 * SKU, and its values in words as the line names them ("Size 9 · Black").
 */
export const lineVariantSchema = v.object({
  sku: v.pipe(v.string(), v.nonEmpty(), v.maxLength(80)),
  label: v.pipe(v.string(), v.maxLength(120)),
})

/**
 * A cart line: the product fields the cart shows, plus the quantity (rules.md § Data and reference lists, rules.md § Purchase flow), and
 * the product's stock and minimum order as last seen, which every quantity control obeys (lines
 * kept before they were have neither until the cart checks them).
 */
export const cartLineSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  title: v.string(),
  brand: v.optional(v.string()),
  category: v.string(),
  price: v.pipe(v.number(), v.minValue(0)),
  discountPercentage: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  thumbnail: v.string(),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_LINE_QUANTITY)),
  stock: v.optional(count),
  minimumOrderQuantity: v.optional(count),
  // Lines stored before products had options have none, and still load.
  variant: v.optional(lineVariantSchema),
})

/**
 * The stored cart. Read (this tab's start, or another tab's write), a line holds no more than its
 * stock: a write by an older build, or by hand, cannot put more in the cart than the shop has.
 */
export const cartSchema = v.array(
  v.pipe(
    cartLineSchema,
    v.transform((line) => ({ ...line, quantity: withinLimits(line.quantity, limitsOf(line)) })),
  ),
)

export type CartLine = v.InferOutput<typeof cartLineSchema>

export type LineVariant = v.InferOutput<typeof lineVariantSchema>

/**
 * A line's identity: its product and, for a product sold in options, its variant. Two sizes of one
 * shoe are two lines.
 */
export const lineKey = ({ id, variant }: { id: number; variant?: { sku: string } }) =>
  variant ? `${id} ${variant.sku}` : String(id)

/** A line in words, with its variant's where it has one: 'Oxfords (Size 9 · Black)'. */
export const lineName = ({ title, variant }: { title: string; variant?: { label: string } }) =>
  variant ? `${title} (${variant.label})` : title
