import type { CartLine } from './cart.schemas.ts'

/** What the cart keeps of a product (decisions §6): the fields the cart shows. */
export type CartProduct = Omit<CartLine, 'quantity'>

export type QuantityChange = 'add' | 'remove'

/** Spec §4: a product already present gets quantity + 1, otherwise it is added with quantity 1. */
export function addLine(lines: readonly CartLine[], product: CartProduct): CartLine[] {
  const existing = lines.find((line) => line.id === product.id)
  if (existing)
    return lines.map((line) =>
      line === existing ? { ...line, quantity: line.quantity + 1 } : line,
    )
  const { id, title, brand, category, price, discountPercentage, thumbnail } = product
  return [
    ...lines,
    { id, title, brand, category, price, discountPercentage, thumbnail, quantity: 1 },
  ]
}

/** Spec §4: delete one line by id. */
export function removeLine(lines: readonly CartLine[], id: number): CartLine[] {
  return lines.filter((line) => line.id !== id)
}

/** Spec §4: 'add' is +1, 'remove' is −1; a line reaching 0 or less is dropped. */
export function changeQuantity(
  lines: readonly CartLine[],
  id: number,
  change: QuantityChange,
): CartLine[] {
  return lines
    .map((line) =>
      line.id === id ? { ...line, quantity: line.quantity + (change === 'add' ? 1 : -1) } : line,
    )
    .filter((line) => line.quantity > 0)
}
