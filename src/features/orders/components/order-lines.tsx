import { LineList, OrderTotals } from '../../../components/order-lines.tsx'
import type { Order } from '../../../domain/orders/order.schemas.ts'

/** An order's items and its price summary, as it was placed. */
export function OrderLines({ order }: { order: Order }) {
  const { items, promo, promoCode, total } = order.price
  return (
    <>
      <LineList lines={order.cartData} label={`Items in order ${order.orderNumber}`} />
      <OrderTotals amounts={{ items, promoDiscount: promo, promoCode, total }} />
    </>
  )
}
