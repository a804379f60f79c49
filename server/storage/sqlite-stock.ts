import type { DatabaseSync } from 'node:sqlite'
import type { StockChange, StockLevel, StockListener, StockStore } from '../orders/stock-store.ts'
import { levelFrom, skuColumn, type LevelRow } from './order-rows.ts'
import { localListeners, promised } from './sqlite-promised.ts'
import { transaction } from './sqlite-schema.ts'
import {
  BelowZero,
  moveRefusal,
  setRefusal,
  UnknownLevel,
  type NextLevel,
  type StockLine,
} from './stock-changes.ts'

/**
 * Each product's and variant's stock in SQLite. One process has the file: its own listeners are
 * all there is to tell of a change (`tell`, which the orders' placement calls once committed).
 */
export function createSqliteStock(db: DatabaseSync) {
  const seedLevel = db.prepare(
    'INSERT INTO stock (product_id, sku, level) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  )
  const allLevels = db.prepare('SELECT product_id, sku, level FROM stock ORDER BY product_id, sku')
  const levelOf = db.prepare(
    'SELECT product_id, sku, level FROM stock WHERE product_id = ? AND sku = ?',
  )
  const levelsOf = db.prepare('SELECT product_id, sku, level FROM stock WHERE product_id = ?')
  const setLevel = db.prepare('UPDATE stock SET level = ? WHERE product_id = ? AND sku = ?')
  const logChange = db.prepare(
    'INSERT INTO stock_changes (at, product_id, sku, before, after) VALUES (?, ?, ?, ?, ?)',
  )
  const changed = localListeners<StockListener>()
  const tellChanges = (changes: readonly StockChange[]) =>
    changed.tell({
      levels: changes.map(({ productId, sku, stock: level }) => ({ productId, sku, stock: level })),
    })

  const rows = (found: unknown[]) => (found as LevelRow[]).map(levelFrom)
  /** The level of one line, as it stands. */
  const levelNow = (productId: number, sku: string | null): StockLevel => {
    const row = levelOf.get(productId, skuColumn(sku)) as LevelRow | undefined
    return { productId, sku, stock: row ? Number(row.level) : 0 }
  }

  /**
   * Each line's level set to `next(line, before)` in one transaction, logged, all or none (an
   * unknown line, or one below zero, rolls it back: stock-changes.ts), then told.
   */
  function change<L extends StockLine>(lines: readonly L[], at: number, next: NextLevel<L>) {
    const changes = transaction(db, () => {
      const below: StockLevel[] = []
      const done = lines.map((line) => {
        const row = levelOf.get(line.productId, skuColumn(line.sku)) as LevelRow | undefined
        if (!row) throw new UnknownLevel()
        const before = Number(row.level)
        const after = next(line, before)
        if (after < 0) below.push({ productId: line.productId, sku: line.sku, stock: before })
        else {
          setLevel.run(after, line.productId, skuColumn(line.sku))
          logChange.run(at, line.productId, skuColumn(line.sku), before, after)
        }
        return { productId: line.productId, sku: line.sku, before, stock: after }
      })
      if (below.length > 0) throw new BelowZero(below)
      return done
    })
    tellChanges(changes)
    return changes
  }

  const stock: StockStore = {
    ...promised<Omit<StockStore, 'onChanged'>>({
      seed(levels) {
        transaction(db, () => {
          for (const { productId, sku, stock: level } of levels)
            seedLevel.run(productId, skuColumn(sku), level)
        })
      },
      all: () => rows(allLevels.all()),
      of: (productIds) =>
        [...new Set(productIds)].sort((a, b) => a - b).flatMap((id) => rows(levelsOf.all(id))),
      set(levels, at) {
        try {
          return change(levels, at, (line) => line.stock)
        } catch (error) {
          return setRefusal(error)
        }
      },
      move(moves, at) {
        try {
          return { moved: change(moves, at, (line, before) => before + line.by) }
        } catch (error) {
          return moveRefusal(error)
        }
      },
    }),
    onChanged: changed.add,
  }
  return { stock, levelNow, tell: changed.tell }
}

export type SqliteStock = ReturnType<typeof createSqliteStock>
