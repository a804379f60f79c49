export {
  orderSchema,
  PAYMENT_METHODS,
  type Order,
  type PaymentMethod,
  type PaymentSummary,
} from './order.schemas.ts'
export {
  lastOrderAtom,
  newOrderNumber,
  orderHistoryListAtom,
  recordOrderAtom,
} from './orders.atoms.ts'
