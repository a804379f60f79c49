// Apart from the picker's rules (src/domain/catalogue/variants.ts): every card asks this, and
// home should not carry them; the server's link previews ask it too.
/** The lowest price of a product's variants, when they differ ("From $X"); undefined otherwise. */
export function fromPrice(product: {
  variants?: readonly { price: number }[]
}): number | undefined {
  const prices = new Set((product.variants ?? []).map((variant) => variant.price))
  return prices.size > 1 ? Math.min(...prices) : undefined
}
