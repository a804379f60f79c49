import { lineKey, type CartLine } from './cart.schemas.ts'
import { limitsOf, quantityAfterAdd, quantityAfterRemove, type StockFacts } from './quantity.ts'

/** What the cart keeps of a product (rules.md § Purchase flow): the fields the cart shows, and its stock rules. */
export type CartProduct = Omit<CartLine, 'quantity'>

export type QuantityChange = 'add' | 'remove'

/**
 * rules.md § State changes: a product already present gets quantity + 1, otherwise it is added with quantity 1,
 * or with its minimum order. At its stock the cart stays as it is (quantity.ts says why).
 */
export function addLine(lines: readonly CartLine[], product: CartProduct): CartLine[] {
  const key = lineKey(product)
  const existing = lines.find((line) => lineKey(line) === key)
  const { id, title, brand, category, price, discountPercentage, thumbnail, variant } = product
  const facts = stockFacts(product)
  const quantity = quantityAfterAdd(existing?.quantity ?? 0, limitsOf(facts))
  if (quantity === null) return [...lines]
  if (existing)
    return lines.map((line) => (line === existing ? { ...line, ...facts, quantity } : line))
  return [
    ...lines,
    {
      id,
      title,
      brand,
      category,
      price,
      discountPercentage,
      thumbnail,
      ...(variant && { variant: { sku: variant.sku, label: variant.label } }),
      ...facts,
      quantity,
    },
  ]
}

/** The stock facts a product or line names (none for one that names none). */
const stockFacts = ({ stock, minimumOrderQuantity }: StockFacts): StockFacts => ({
  ...(stock !== undefined && { stock }),
  ...(minimumOrderQuantity !== undefined && { minimumOrderQuantity }),
})

/** rules.md § State changes: delete one line (by its key: a product, and its variant). */
export function removeLine(lines: readonly CartLine[], key: string): CartLine[] {
  return lines.filter((line) => lineKey(line) !== key)
}

/**
 * rules.md § State changes: 'add' is +1, 'remove' is −1; a line reaching 0 or less is dropped. Past the stock, or
 * under a minimum above 1, the line stays as it is.
 */
export function changeQuantity(
  lines: readonly CartLine[],
  key: string,
  change: QuantityChange,
): CartLine[] {
  return lines.flatMap((line) => {
    if (lineKey(line) !== key) return [line]
    const limits = limitsOf(line)
    const next =
      change === 'add'
        ? quantityAfterAdd(line.quantity, limits)
        : quantityAfterRemove(line.quantity, limits)
    if (next === null) return [line]
    return next > 0 ? [{ ...line, quantity: next }] : []
  })
}

/** A line checked against fresh data: the product's stock rules now, and its corrected quantity. */
export function updateLine(
  lines: readonly CartLine[],
  key: string,
  facts: StockFacts,
  quantity: number,
): CartLine[] {
  return lines.map((line) =>
    lineKey(line) === key ? { ...line, ...stockFacts(facts), quantity } : line,
  )
}
