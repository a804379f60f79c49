/**
 * Each product's and variant's stock as the database keeps it (server/storage: sqlite-stock.ts,
 * postgres-stock.ts): what orders take and operators set, the same on every replica.
 */

/** A product's stock (`sku` null), or a variant's (`sku` its SKU). */
export interface StockLevel {
  productId: number
  sku: string | null
  stock: number
}

/** A change an operator made (PUT admin/stock), as answered. */
export interface StockChange extends StockLevel {
  before: number
}

/** A move of a level by `by` units: + a delivery, − a loss (PATCH admin/stock). */
export interface StockMove {
  productId: number
  sku: string | null
  by: number
}

export type MoveResult =
  /** Made, all of them: each level before and after. */
  | { moved: StockChange[] }
  /** One names a level that is not stored: none is made. */
  | { unknown: true }
  /** One would take its level below zero: none is made; those levels as they stand. */
  | { below: StockLevel[] }

/**
 * What a replica hears of a committed stock change, its own or another's: the levels as they now
 * stand; only the products whose levels changed, when the levels were too many to carry (the
 * notification's 8,000 bytes); or `undefined` when any may have changed (it may have missed some:
 * reconnected to PostgreSQL).
 */
export type StockNotice = { levels: StockLevel[] } | { productIds: number[] } | undefined

export type StockListener = (notice: StockNotice) => void

export interface StockStore {
  /** Adds the levels not stored yet (the first start, a product new in the catalogue); never changes one. */
  seed(levels: readonly StockLevel[]): Promise<void>
  /** Every level stored. */
  all(): Promise<StockLevel[]>
  /** The levels of these products (theirs and their variants'). */
  of(productIds: readonly number[]): Promise<StockLevel[]>
  /**
   * Sets these levels in one transaction, all or none (an operator's delivery or count), and tells
   * every replica. Undefined when one of them names a level that is not stored.
   */
  set(levels: readonly StockLevel[], at: number): Promise<StockChange[] | undefined>
  /**
   * Moves these levels by their `by`, each from the level as it stands (so a delivery never races
   * an order placed meanwhile), in one transaction, all or none, never below zero; logged and
   * told to every replica as `set` is. Both answer the changes in the order the lines were asked.
   */
  move(moves: readonly StockMove[], at: number): Promise<MoveResult>
  /** Calls `listener` on every committed stock change, this process's and others'; answers the unsubscribe. */
  onChanged(listener: StockListener): () => void
}
