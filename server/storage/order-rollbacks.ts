import type { StockLevel } from '../orders/stock-store.ts'

// What rolls an order storage's transaction back on purpose, in either dialect: thrown inside the
// transaction, caught outside it, and answered.

/** A line short of stock: the placement's transaction rolls back, and these are answered. */
export class ShortOfStock extends Error {
  readonly levels: StockLevel[]
  constructor(levels: StockLevel[]) {
    super('short of stock')
    this.levels = levels
  }
}

/** A level to set that is not stored: the change rolls back, and nothing is set. */
export class UnknownLevel extends Error {}
