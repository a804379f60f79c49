export { cartAtom, cartCountAtom } from './cart.atoms.ts'
export type { CartLine } from './cart.schemas.ts'
