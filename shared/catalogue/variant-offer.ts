import { variantLabel } from './variant-label.ts'

/** What an offer needs of a product: its own price, discount and stock, and its options. */
interface Offered {
  price: number
  discountPercentage: number
  stock: number
  options?: readonly { name: string; values?: readonly string[] }[]
}

/** What an offer needs of the variant chosen. */
interface OfferedVariant {
  sku: string
  price: number
  discountPercentage: number
  stock: number
  options: Readonly<Record<string, string>>
}

/**
 * What a product is sold as (rules.md § Options and variants): the product itself, or the variant
 * chosen with its own price, discount and stock, named by its values ("Size 9 · Black"). The
 * product page's Add to Cart makes a line of it; the server fills the account's stored lines from
 * it (docs/api.md § Account state), so a line reads the same whichever made it.
 */
export function offerOf<P extends Offered>(
  product: P,
  variant: OfferedVariant | undefined,
): P & { variant?: { sku: string; label: string } } {
  if (!variant) return product
  const { price, discountPercentage, stock, sku } = variant
  const label = variantLabel(product.options, variant)
  return { ...product, price, discountPercentage, stock, variant: { sku, label } }
}
