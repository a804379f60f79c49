import type { Product } from './catalogue.schemas.ts'

// Apart from variants.ts: every card asks this, and home should not carry the picker's rules.
/** The lowest price of a product's variants, when they differ ("From $X"); undefined otherwise. */
export function fromPrice(product: Pick<Product, 'variants'>): number | undefined {
  const prices = new Set((product.variants ?? []).map((variant) => variant.price))
  return prices.size > 1 ? Math.min(...prices) : undefined
}
