import { MAX_LINE_QUANTITY } from '../../../shared/cart/line-quantity.ts'

/**
 * The stock rules (rules.md § Stock): wherever a quantity changes (Add to Cart, Express Checkout,
 * Edit Item, Save for Later and back, another tab, Place Order), a line holds at most the
 * product's stock and at least its minimum order quantity, and the shopper is told why a control
 * stops. Every control asks this one module.
 */

/** What the rules need of a product, or of a cart line that keeps them (older lines have neither). */
export interface StockFacts {
  stock?: number
  minimumOrderQuantity?: number
}

/** A product's stock rules as the catalogue gives them, and its variants' stock. */
export interface ProductStock extends StockFacts {
  variants?: readonly { sku: string; stock: number }[]
}

/** Each product's stock rules by id. */
export type FreshStock = ReadonlyMap<number, ProductStock>

/**
 * A line's stock rules from its product's (rules.md § Options and variants): a variant's own stock,
 * none for a variant the product no longer sells; a line without a variant, the product's.
 */
export function lineFacts(
  line: { variant?: { sku: string } },
  { stock, minimumOrderQuantity, variants }: ProductStock,
): StockFacts {
  if (!line.variant) return { stock, minimumOrderQuantity }
  const variant = variants?.find(({ sku }) => sku === line.variant!.sku)
  return { stock: variant?.stock ?? 0, minimumOrderQuantity }
}

// The most one line may hold whatever the stock (the cart's stored schema allows no more): one
// bound with the account's copy on the server.
export { MAX_LINE_QUANTITY }

export interface Limits {
  /** The first quantity added and the lowest the cart allows. */
  min: number
  /** The most a line may hold: the stock. Below `min`, the product cannot be bought. */
  max: number
}

/** A product's limits. Unknown stock (a line kept before stock was) limits nothing until checked. */
export function limitsOf({ stock, minimumOrderQuantity }: StockFacts): Limits {
  const min = Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(minimumOrderQuantity ?? 1)))
  const max = Math.min(MAX_LINE_QUANTITY, Math.max(0, Math.floor(stock ?? MAX_LINE_QUANTITY)))
  return { min, max }
}

/** Whether it can be bought at all: in stock, and at least its minimum. */
export const isAvailable = ({ min, max }: Limits) => max >= min

/** What one more press of 'Add to Cart' makes of a line (0: not in the cart); null at the limit. */
export function quantityAfterAdd(current: number, limits: Limits): number | null {
  const next = Math.max(current + 1, limits.min)
  return isAvailable(limits) && next <= limits.max ? next : null
}

/**
 * What one less makes of a line: 0 means it leaves the cart (rules.md § State changes, from 1). Null when that
 * would go under a minimum above 1: the shopper removes the line instead.
 */
export function quantityAfterRemove(current: number, limits: Limits): number | null {
  const next = current - 1
  if (next <= 0) return 0
  return next >= limits.min ? next : null
}

/** A quantity brought within the limits; an unavailable product's line keeps its own (it is marked). */
export function withinLimits(quantity: number, limits: Limits): number {
  if (!isAvailable(limits)) return quantity
  return Math.min(limits.max, Math.max(limits.min, quantity))
}

/** Why a product cannot be bought at all, or undefined when it can. */
export function unavailableReason({ min, max }: Limits): string | undefined {
  if (max <= 0) return stockMessages.outOfStock
  if (max < min) return stockMessages.belowMinimum(max, min)
  return undefined
}

/** Why 'Add to Cart' stops for a cart holding `current` of it, or undefined when it can add. */
export function addLimitReason(current: number, limits: Limits): string | undefined {
  if (quantityAfterAdd(current, limits) !== null) return undefined
  return unavailableReason(limits) ?? stockMessages.allInCart(limits.max)
}

/** Why one less stops (the minimum), or undefined when it can go down. */
export function removeLimitReason(current: number, limits: Limits): string | undefined {
  return quantityAfterRemove(current, limits) === null
    ? stockMessages.minimumReached(limits.min)
    : undefined
}

/**
 * A kept line checked against fresh product data: its corrected quantity and what the shopper is
 * told, or undefined when it is fine as it is. An unavailable line keeps its quantity and is left
 * out of the total until it is removed or saved for later.
 */
export function correctionOf(
  quantity: number,
  limits: Limits,
): { quantity: number; message: string } | undefined {
  const unavailable = unavailableReason(limits)
  if (unavailable) return { quantity, message: stockMessages.lineUnavailable(unavailable) }
  if (quantity > limits.max)
    return { quantity: limits.max, message: stockMessages.lowered(limits.max) }
  if (quantity < limits.min)
    return { quantity: limits.min, message: stockMessages.raised(limits.min) }
  return undefined
}

/** The stock texts, shown beside the control they stop or the line they changed. */
export const stockMessages = {
  outOfStock: 'Out of Stock',
  belowMinimum: (stock: number, min: number) =>
    `Only ${stock} left, fewer than the minimum order of ${min}`,
  allInCart: (stock: number) =>
    stock === 1 ? 'Only 1 left: your cart has it' : `Only ${stock} left: your cart has all of them`,
  saveInstead: (reason: string) => `${reason}: you can still save it to My Saved Items`,
  minimumReached: (min: number) => `The minimum order is ${min}: remove the item instead`,
  minimumOrder: (min: number) => `Minimum order: ${min}`,
  lowered: (stock: number) => `Quantity lowered to ${stock}: only ${stock} left`,
  raised: (min: number) => `Quantity raised to ${min}: the minimum order`,
  lineUnavailable: (reason: string) =>
    `${reason}. Remove it or save it for later to place your order.`,
  notRefreshed: (offline: boolean) =>
    `${offline ? 'You are offline, so the stock could not be checked' : 'The stock could not be checked just now'}: quantities follow what this device last saw.`,
  placeOrderBlocked:
    'Remove the items that cannot be bought, or save them for later, to place your order.',
  cartChanged:
    'The stock changed while you were checking out: your cart was corrected. Review it and place your order again.',
  checking: 'Checking the stock…',
} as const
