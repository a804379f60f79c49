import * as v from 'valibot'
import { addressSchema } from '../../shared/address/address.schema.ts'
import { lineDiscountedPrice, orderAmounts } from '../../shared/pricing/pricing.ts'
import { promoFor } from '../../shared/pricing/promo.ts'
import { variantLabel } from '../../shared/catalogue/variant-label.ts'
import { plainText } from '../../shared/text/plain-text.ts'
import type { Catalogue } from '../catalogue/catalogue.ts'
import type { Take } from './order-store.ts'
import type { OrderLine } from '../../shared/orders/order-line.ts'

/** At most this many lines an order (api.md § Orders). */
export const MAX_ORDER_LINES = 50
/** More of one line than any stock holds: a quantity past it is no order, only a mistake or a probe. */
const MAX_QUANTITY = 10_000

const lineSchema = v.object({
  productId: v.pipe(
    v.number("Invalid 'productId': expected a product's id"),
    v.integer("Invalid 'productId': expected a product's id"),
    v.minValue(1, "Invalid 'productId': expected a product's id"),
  ),
  sku: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(80))),
  quantity: v.pipe(
    v.number("Invalid 'quantity': expected a whole number"),
    v.integer("Invalid 'quantity': expected a whole number"),
    v.minValue(1, "Invalid 'quantity': at least 1"),
    v.maxValue(MAX_QUANTITY, `Invalid 'quantity': at most ${MAX_QUANTITY}`),
  ),
})

/** POST orders' body (api.md § Orders); prices and totals the client sends are ignored. */
export const orderRequestSchema = v.object({
  lines: v.pipe(
    v.array(lineSchema, "Invalid 'lines': expected a list of lines"),
    v.minLength(1, "Invalid 'lines': an order has a line at least"),
    v.maxLength(MAX_ORDER_LINES, `Invalid 'lines': at most ${MAX_ORDER_LINES} lines an order`),
  ),
  email: v.pipe(
    v.string("Invalid 'email': expected an email address"),
    v.trim(),
    v.email("Invalid 'email': not an email address"),
    v.maxLength(254, "Invalid 'email': too long"),
  ),
  address: addressSchema,
  promoCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40), plainText())),
  expectedTotal: v.optional(v.pipe(v.number(), v.finite())),
  payment: v.object({
    // The contract's two, and the storefront's other choices (rules.md § Purchase flow): how the
    // shopper paid is recorded, no payment is taken here (decisions.md § Orders).
    method: v.picklist(
      ['card', 'gift-card+card', 'paypal', 'paylater', 'applepay'],
      "Invalid 'payment.method': card, gift-card+card, paypal, paylater or applepay",
    ),
    giftCard: v.optional(v.boolean()),
    cardLast4: v.optional(
      v.pipe(v.string(), v.regex(/^\d{4}$/, "Invalid 'payment.cardLast4': 4 digits")),
    ),
  }),
})

export type OrderRequest = v.InferOutput<typeof orderRequestSchema>

export type { OrderLine } from '../../shared/orders/order-line.ts'

export interface PricedOrder {
  lines: OrderLine[]
  subtotal: number
  discount: number
  total: number
  promoCode?: string
  /** The stock the order takes. */
  takes: Take[]
}

/**
 * An order priced from the catalogue as it is now (rules.md § Constants and formulas, § Stock):
 * each line at its variant's (or product's) price and discount, at least its minimum order, the
 * promo by the cart's own rule; or what is wrong with a line, naming it.
 */
export function priceOrder(
  catalogue: Catalogue,
  request: Pick<OrderRequest, 'lines' | 'promoCode'>,
): { priced: PricedOrder } | { invalid: string } {
  const lines: OrderLine[] = []
  const seen = new Set<string>()
  for (const [i, { productId, sku, quantity }] of request.lines.entries()) {
    const field = (name: string) => `Invalid 'lines.${i}.${name}'`
    const product = catalogue.byId(productId)
    if (!product) return { invalid: `${field('productId')}: no product ${productId}` }
    const variant = product.variants && product.variants.find((each) => each.sku === sku)
    if (product.variants && !variant)
      return {
        invalid: sku
          ? `${field('sku')}: product ${productId} has no variant ${sku}`
          : `${field('sku')}: product ${productId} is sold in options: name one`,
      }
    if (!product.variants && sku !== undefined && sku !== product.sku)
      return { invalid: `${field('sku')}: product ${productId} has no variant ${sku}` }
    const key = `${productId}\n${variant?.sku ?? ''}`
    if (seen.has(key))
      return { invalid: `${field('productId')}: a product or variant once an order` }
    seen.add(key)
    if (quantity < product.minimumOrderQuantity)
      return {
        invalid: `${field('quantity')}: product ${productId} is sold ${product.minimumOrderQuantity} at least`,
      }
    const price = variant?.price ?? product.price
    const discountPercentage = variant?.discountPercentage ?? product.discountPercentage
    lines.push({
      productId,
      ...(variant && {
        sku: variant.sku,
        label: variantLabel(product.options, variant),
      }),
      title: product.title,
      quantity,
      price,
      discountPercentage,
      lineTotal: lineDiscountedPrice({ price, quantity, discountPercentage }),
    })
  }
  const promo = promoFor(request.promoCode ?? '') ?? null
  const amounts = orderAmounts(lines, promo)
  // Nothing to pay is no order (the checkout's Place Order is off then too).
  if (amounts.total <= 0)
    return {
      invalid: promo
        ? "Invalid 'promoCode': it leaves nothing to pay"
        : "Invalid 'lines': the order comes to nothing to pay",
    }
  return {
    priced: {
      lines,
      subtotal: amounts.items,
      discount: amounts.promoDiscount,
      total: amounts.total,
      ...(promo && { promoCode: promo.code }),
      takes: lines.map(({ productId, sku, quantity }) => ({
        productId,
        sku: sku ?? null,
        quantity,
      })),
    },
  }
}
