import { roundCents } from '../../lib/price.ts'
import type { CartLine } from './cart.schemas.ts'

/** Spec §9: line price = quantity × price. */
export const linePrice = (line: Pick<CartLine, 'price' | 'quantity'>) =>
  roundCents(line.quantity * line.price)

/** Spec §9: discounted line price = line price × (100 − discount) / 100, to 2 decimals. */
export const lineDiscountedPrice = (
  line: Pick<CartLine, 'price' | 'quantity' | 'discountPercentage'>,
) => roundCents((line.quantity * line.price * (100 - line.discountPercentage)) / 100)

/** Spec §9: the cart total is the sum of the lines' discounted amounts, rounded once, to 2 decimals. */
export function cartTotal(lines: readonly CartLine[]): number {
  return roundCents(
    lines.reduce(
      (sum, line) => sum + (line.quantity * line.price * (100 - line.discountPercentage)) / 100,
      0,
    ),
  )
}

/** Spec §9: order total = cart total − promo discount (may reach 0 or less; checkout is then disabled). */
export const orderTotal = (cart: number, promoDiscount: number) => roundCents(cart - promoDiscount)

/** Spec §5: FLAT50 (any case) takes 50 off; any other non-empty code takes the default 5 off. */
export const PROMO_CODE = 'FLAT50'
export const PROMO_VALUE = 50
export const PROMO_DEFAULT_VALUE = 5

export interface AppliedPromo {
  code: string
  discount: typeof PROMO_VALUE | typeof PROMO_DEFAULT_VALUE
  valid: boolean
}

/** The promo a code gives; undefined for an empty code (no discount, spec §4). */
export function promoFor(code: string): AppliedPromo | undefined {
  const trimmed = code.trim()
  if (!trimmed) return undefined
  const valid = trimmed.toUpperCase() === PROMO_CODE
  return {
    code: valid ? PROMO_CODE : trimmed,
    discount: valid ? PROMO_VALUE : PROMO_DEFAULT_VALUE,
    valid,
  }
}

/** 'Pay in 4' instalments: the total in four equal payments, to the cent. */
export const instalment = (total: number) => roundCents(Math.max(total, 0) / 4)
