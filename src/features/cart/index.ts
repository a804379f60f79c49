export {
  addToCartAtom,
  applyPromoAtom,
  applyStockAtom,
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
export { addLimitReason, limitsOf, stockMessages, unavailableReason } from './quantity.ts'
export { cartLineSchema, type CartLine } from './cart.schemas.ts'
export { CartCount } from './components/cart-count.tsx'
export { StockCheck, StockNotices } from './components/stock-check.tsx'
export { freshStock } from './stock.queries.ts'
