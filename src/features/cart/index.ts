export {
  addToCartAtom,
  applyPromoAtom,
  cartAtom,
  cartCountAtom,
  changeQuantityAtom,
  clearCartAtom,
  clearPromoAtom,
  orderAmountsAtom,
  promoAtom,
  removeFromCartAtom,
} from './cart.atoms.ts'
export type { CartProduct } from './cart.rules.ts'
export { cartLineSchema, type CartLine } from './cart.schemas.ts'
export { LineList, OrderTotals } from './components/order-lines.tsx'
