/**
 * A line as an order keeps it (docs/api.md § Orders): the catalogue's price and discount at the
 * moment of the order. The server prices and stores it (server/orders/price-order.ts); the
 * operator's back office shows it (admin/).
 */
export interface OrderLine {
  productId: number
  sku?: string
  title: string
  /** The variant's options, as a cart line names them ("Size 9 · Black"). */
  label?: string
  quantity: number
  price: number
  discountPercentage: number
  lineTotal: number
}
