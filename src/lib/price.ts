const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Prices are shown with $ (spec §9). */
export function formatPrice(amount: number): string {
  return currency.format(amount)
}

/**
 * Rounds half away from zero to cents. A small tolerance absorbs binary noise, so amounts that are
 * exactly half a cent in decimal (1.005, or 3 × 3.335 summed) round up as a person would expect.
 */
export function roundCents(amount: number): number {
  const cents = Math.abs(amount) * 100
  return (Math.sign(amount) * Math.round(cents + 1e-7)) / 100 || 0
}

/** Price after its discount, to 2 decimals: price × (100 − discountPercentage) / 100 (spec §9). */
export function discountedPrice(price: number, discountPercentage: number): number {
  return roundCents((price * (100 - discountPercentage)) / 100)
}
