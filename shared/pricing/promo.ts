import { hasControlCharacters } from '../text/plain-text.ts'
import type { PromoDiscount } from './pricing.ts'

/** rules.md § Validation rules: FLAT50 (any case) takes 50 off; any other non-empty code takes the default 5 off. */
export const PROMO_CODE = 'FLAT50'
export const PROMO_VALUE = 50
export const PROMO_DEFAULT_VALUE = 5

export interface AppliedPromo extends PromoDiscount {
  discount: typeof PROMO_VALUE | typeof PROMO_DEFAULT_VALUE
  valid: boolean
}

/**
 * The promo a code gives; undefined for an empty code (no discount, rules.md § State changes), and
 * for one holding a line break or control character, which no one types and no order may carry
 * (shared/text/plain-text.ts): the field says so instead.
 */
export function promoFor(code: string): AppliedPromo | undefined {
  const trimmed = code.trim()
  if (!trimmed || hasControlCharacters(trimmed)) return undefined
  const valid = trimmed.toUpperCase() === PROMO_CODE
  return {
    code: valid ? PROMO_CODE : trimmed,
    discount: valid ? PROMO_VALUE : PROMO_DEFAULT_VALUE,
    valid,
  }
}
