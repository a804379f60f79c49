/**
 * The spec's price formulas (rules.md § Constants and formulas) in one place: product, cart line,
 * cart and order amounts, the gift card, instalments. Cart, checkout and the confirmation all use
 * it, and so do the server's renders (structured data) and its link previews: it imports
 * nothing. Which promo a code gives is promo.ts, beside it.
 */

/**
 * Prices are shown with $ (rules.md § Constants and formulas): "$1,145.05", "-$5.00". Written out
 * rather than with `Intl.NumberFormat`, whose first use loads the browser's locale data at start-up
 * (docs/performance.md § What each mechanism buys).
 */
export function formatPrice(amount: number): string {
  const cents = roundCents(amount)
  const [whole = '', fraction] = Math.abs(cents).toFixed(2).split('.')
  return `${cents < 0 ? '-' : ''}$${groupThousands(whole)}.${fraction}`
}

/** Digits with their thousands grouped, as en-US writes them: "1234567" → "1,234,567". */
export const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',')

/**
 * Rounds half away from zero to cents. A small tolerance absorbs binary noise, so amounts that are
 * exactly half a cent in decimal (1.005, or 3 × 3.335 summed) round up as a person would expect.
 */
export function roundCents(amount: number): number {
  const cents = Math.abs(amount) * 100
  return (Math.sign(amount) * Math.round(cents + 1e-7)) / 100 || 0
}

/** The discount (rules.md § Constants and formulas): amount × (100 − discountPercentage) / 100, not yet rounded. */
const afterDiscount = (amount: number, discountPercentage: number) =>
  (amount * (100 - discountPercentage)) / 100

/** A product's price after its discount, to 2 decimals (rules.md § Constants and formulas). */
export const discountedPrice = (price: number, discountPercentage: number) =>
  roundCents(afterDiscount(price, discountPercentage))

/**
 * The price a product's card shows (rules.md § Constants and formulas), by which price sorts and
 * price ranges go: after its discount, to the cent. For a product with options that is its lowest
 * variant's, the card's "From" price.
 */
export const shownPrice = (product: { price: number; discountPercentage: number }) =>
  discountedPrice(product.price, product.discountPercentage)

/** What pricing needs of a cart line. */
export interface PricedLine {
  price: number
  quantity: number
  discountPercentage: number
}

/** rules.md § Constants and formulas: line price = quantity × price. */
export const linePrice = (line: PricedLine) => roundCents(line.quantity * line.price)

/** rules.md § Constants and formulas: discounted line price = line price × (100 − discount) / 100, to 2 decimals. */
export const lineDiscountedPrice = (line: PricedLine) =>
  roundCents(afterDiscount(line.quantity * line.price, line.discountPercentage))

/** rules.md § Constants and formulas: the cart total is the sum of the lines' discounted amounts, rounded once, to 2 decimals. */
export const cartTotal = (lines: readonly PricedLine[]) =>
  roundCents(
    lines.reduce(
      (sum, line) => sum + afterDiscount(line.quantity * line.price, line.discountPercentage),
      0,
    ),
  )

/** What an order's amounts need of a promo (promo.ts): its code and what it takes off. */
export interface PromoDiscount {
  code: string
  discount: number
}

/**
 * An order's amounts (rules.md § Constants and formulas): the items after their discounts, the promo, free shipping, and the
 * total = items − promo (it may reach 0 or less; checkout is then disabled, rules.md § Validation rules).
 */
export function orderAmounts<P extends PromoDiscount>(
  lines: readonly PricedLine[],
  promo: P | null,
) {
  const items = cartTotal(lines)
  const promoDiscount = promo?.discount ?? 0
  return {
    items,
    promo,
    promoCode: promo?.code,
    promoDiscount,
    shipping: 0,
    total: roundCents(items - promoDiscount),
  }
}

export type OrderAmounts = ReturnType<typeof orderAmounts>

/** 'Pay in 4' instalments: the total in four equal payments, to the cent. */
export const instalment = (total: number) => roundCents(Math.max(total, 0) / 4)

/** The gift card line: a fixed $60.00 (rules.md § Order confirmation, § Constants and formulas). */
export const GIFT_CARD_AMOUNT = 60
