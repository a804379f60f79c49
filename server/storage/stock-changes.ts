import type { MoveResult, StockChange, StockLevel } from '../orders/stock-store.ts'

/**
 * What both dialects share of an operator's stock change (StockStore.set and move): each line's
 * next level from the one it has, the refusals that roll the whole change back, and the answer
 * in the order the lines were asked.
 */

/** A line to change: a product's stock (`sku` null), or a variant's. */
export interface StockLine {
  productId: number
  sku: string | null
}

/** A level not stored: the change rolls back, and nothing is changed. */
export class UnknownLevel extends Error {}

/** Lines a change would take below zero: it rolls back; those levels as they stand. */
export class BelowZero extends Error {
  readonly levels: StockLevel[]
  constructor(levels: StockLevel[]) {
    super('below zero')
    this.levels = levels
  }
}

/** A line's next level, from the level it has (set: the level given; move: by units). */
export type NextLevel<L extends StockLine> = (line: L, before: number) => number

/** The changes in the order their lines were asked, whatever order they were made in. */
export function inAskedOrder(
  lines: readonly StockLine[],
  changes: readonly StockChange[],
): StockChange[] {
  const key = (line: StockLine) => `${line.productId}/${line.sku ?? ''}`
  const byKey = new Map(changes.map((change) => [key(change), change]))
  return lines.map((line) => byKey.get(key(line))!)
}

/** A set refused: undefined when a level is not stored; any other error again. */
export function setRefusal(error: unknown): undefined {
  if (error instanceof UnknownLevel) return undefined
  throw error
}

/** A move refused: which refusal rolled it back; any other error again. */
export function moveRefusal(error: unknown): MoveResult {
  if (error instanceof UnknownLevel) return { unknown: true }
  if (error instanceof BelowZero) return { below: error.levels }
  throw error
}
