export {
  addToCartAtom,
  cartAtom,
  cartCountAtom,
  changeQuantityAtom,
  clearCartAtom,
  removeFromCartAtom,
} from './cart.atoms.ts'
export type { CartProduct } from './cart.rules.ts'
export { cartLineSchema, type CartLine } from './cart.schemas.ts'
export {
  cartTotal,
  lineDiscountedPrice,
  linePrice,
  orderTotal,
  type AppliedPromo,
} from './pricing.ts'
export { applyPromoAtom, clearPromoAtom, promoAtom } from './promo.atoms.ts'
