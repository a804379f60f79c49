import type { OrderEvent, StoredOrder } from '../orders/order-store.ts'
import type { StockLevel } from '../orders/stock-store.ts'

// Rows of stock and orders as both dialects read them, their columns as the tables name them:
// SQLite answers numbers and a JSON text, PostgreSQL answers bigints as strings (the driver keeps
// their precision) and jsonb as an object.

/** A product's own stock is stored under the SKU '' (part of the key, which cannot be null). */
export const skuColumn = (sku: string | null) => sku ?? ''

export interface LevelRow {
  product_id: number | string
  sku: string
  level: number | string
}

export const levelFrom = (row: LevelRow): StockLevel => ({
  productId: Number(row.product_id),
  sku: row.sku === '' ? null : row.sku,
  stock: Number(row.level),
})

export interface OrderRow {
  number: string
  created_at: number | string
  user_id: number | string | null
  email: string
  body: string | Record<string, unknown>
}

export const orderFrom = (row: OrderRow): StoredOrder => ({
  number: row.number,
  createdAt: Number(row.created_at),
  userId: row.user_id === null ? null : Number(row.user_id),
  email: row.email,
  body: typeof row.body === 'string' ? (JSON.parse(row.body) as Record<string, unknown>) : row.body,
})

export interface EventRow {
  at: number | string
  status: string
  actor: string
  note: string | null
}

export const eventFrom = (row: EventRow): OrderEvent => ({
  status: row.status,
  at: Number(row.at),
  by: row.actor,
  ...(row.note !== null && { note: row.note }),
})

/** Lines in product and SKU order: two orders' row locks are then always taken in one order. */
export const inLockOrder = <T extends { productId: number; sku: string | null }>(
  lines: readonly T[],
): T[] =>
  [...lines].sort(
    (a, b) => a.productId - b.productId || skuColumn(a.sku).localeCompare(skuColumn(b.sku)),
  )
