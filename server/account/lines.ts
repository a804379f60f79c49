import type { Catalogue, StoredProduct } from '../catalogue/catalogue.ts'
import type { LineRef } from './account-store.ts'

type Variant = NonNullable<StoredProduct['variants']>[number]

/** A line the catalogue sells: its product and, for one sold in options, the variant. */
export interface Sellable {
  product: StoredProduct
  variant?: Variant
}

/**
 * What a line names, as the catalogue stands (with its live stock), or why it names nothing the
 * shop sells: an unknown product, a SKU the product does not have, or a SKU missing for a product
 * sold in options (or sent for one that is not: a variant is its own line, docs/api.md § Account
 * state).
 */
export function sellable(
  catalogue: Catalogue,
  { id, sku }: LineRef,
): Sellable | { field: 'id' | 'sku'; problem: string } {
  const product = catalogue.byId(id)
  if (!product) return { field: 'id', problem: `no product ${id}` }
  if (!product.variants)
    return sku === undefined
      ? { product }
      : { field: 'sku', problem: `product ${id} is not sold in options: send no sku` }
  if (sku === undefined)
    return { field: 'sku', problem: `product ${id} is sold in options: name one` }
  const variant = product.variants.find((each) => each.sku === sku)
  return variant
    ? { product, variant }
    : { field: 'sku', problem: `product ${id} has no variant ${sku}` }
}

/** A line's stock as it stands (its variant's own), or undefined when the shop does not sell it. */
export function stockOf(catalogue: Catalogue, line: LineRef): number | undefined {
  const found = sellable(catalogue, line)
  if ('problem' in found) return undefined
  return found.variant?.stock ?? found.product.stock
}
