const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Prices are shown with $ (spec §9). */
export function formatPrice(amount: number): string {
  return currency.format(amount)
}

/** Rounds half away from zero to cents, avoiding binary surprises such as 1.005 → 1.00. */
export function roundCents(amount: number): number {
  return Math.round((amount + Number.EPSILON * Math.sign(amount)) * 100) / 100
}

/** Price after its discount, to 2 decimals: price × (100 − discountPercentage) / 100 (spec §9). */
export function discountedPrice(price: number, discountPercentage: number): number {
  return roundCents((price * (100 - discountPercentage)) / 100)
}
