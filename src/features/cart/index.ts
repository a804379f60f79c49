export {
  addToCartAtom,
  cartAtom,
  cartCountAtom,
  changeQuantityAtom,
  clearCartAtom,
  removeFromCartAtom,
} from './cart.atoms.ts'
export type { CartProduct } from './cart.rules.ts'
export type { CartLine } from './cart.schemas.ts'
