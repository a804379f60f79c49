import * as v from 'valibot'

/** A cart line: the product fields the cart shows, plus the quantity (spec §3, decisions §6). */
export const cartLineSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  title: v.string(),
  brand: v.optional(v.string()),
  category: v.string(),
  price: v.pipe(v.number(), v.minValue(0)),
  discountPercentage: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  thumbnail: v.string(),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999)),
})

export const cartSchema = v.array(cartLineSchema)

export type CartLine = v.InferOutput<typeof cartLineSchema>
