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
export { CartCount } from './components/cart-count.tsx'
