import type { Address } from '../../shared/address/address.schema.ts'
import { roundCents } from '../../shared/pricing/pricing.ts'
import type { OrderLine } from './price-order.ts'

/**
 * The operator's CSV of orders (GET admin/orders?format=csv; docs/api.md § Operator): one row per
 * line, every column a fulfilment team works from, in a file Excel opens as it is.
 */

/** An order as stored (docs/api.md § Orders), as far as the export reads it. */
export interface ExportedOrder {
  number: string
  createdAt: string
  status: string
  email: string
  address: Address
  payment: { method: string; cardLast4?: string }
  promoCode?: string
  lines: OrderLine[]
  total: number
}

export const EXPORT_COLUMNS = [
  'Order number',
  'Date',
  'Status',
  'Name',
  'Address',
  'Pincode',
  'Phone',
  'Email',
  'SKU',
  'Option',
  'Quantity',
  'Unit price ($)',
  'Discount ($)',
  'Promo',
  'Payment method',
  'Order total ($)',
] as const

/**
 * A CSV field: quoted when it holds a comma, a quote or a line break. A text a spreadsheet would
 * read as a formula (it begins with `=`, `+`, `-`, `@`, a tab or a carriage return) is kept text
 * by a leading `'` (OWASP's CSV injection advice); amounts are written unsigned, so none is
 * touched.
 */
export const csvField = (value: string | number | undefined) => {
  const text = String(value ?? '').replace(/^[=+\-@\t\r]/, "'$&")
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** An amount as a spreadsheet sums it: dollars to the cent, no sign or symbol. */
const amount = (dollars: number) => roundCents(dollars).toFixed(2)

/** A byte-order mark first: Excel then reads the file as UTF-8 ("×", "·", "₹" intact). */
const BOM = '\uFEFF'

/**
 * The rows of these orders, newest first as given; `skuOf` names the SKU of a line sold without
 * options (the catalogue's product SKU: an order names a variant's only).
 */
export function ordersCsv(
  orders: readonly ExportedOrder[],
  skuOf: (productId: number) => string | undefined,
): string {
  const rows = orders.flatMap((order) => {
    const { address, payment } = order
    const common = {
      name: `${address.firstName} ${address.lastName}`,
      address: [address.address1, address.address2, address.city, address.state]
        .filter(Boolean)
        .join(', '),
      payment: payment.cardLast4 ? `${payment.method} ending ${payment.cardLast4}` : payment.method,
    }
    return order.lines.map((line) => [
      order.number,
      order.createdAt,
      order.status,
      common.name,
      common.address,
      address.code,
      address.mobile,
      order.email,
      line.sku ?? skuOf(line.productId) ?? '',
      line.label ?? '',
      line.quantity,
      amount(line.price),
      amount(line.price * line.quantity - line.lineTotal),
      order.promoCode ?? '',
      common.payment,
      amount(order.total),
    ])
  })
  return `${BOM}${[EXPORT_COLUMNS, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`
}
