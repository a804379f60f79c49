import type { DatabaseSync } from 'node:sqlite'
import type { StockChange, StockLevel, StockListener, StockStore } from '../orders/stock-store.ts'
import { levelFrom, skuColumn, type LevelRow } from './order-rows.ts'
import { localListeners, promised } from './sqlite-promised.ts'
import { transaction } from './sqlite-schema.ts'

/** A level to set that is not stored: the change rolls back, and nothing is set. */
class UnknownLevel extends Error {}

/** Moves that would take levels below zero: the change rolls back; those levels as they stand. */
class BelowZero extends Error {
  readonly levels: StockLevel[]
  constructor(levels: StockLevel[]) {
    super('below zero')
    this.levels = levels
  }
}

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
        let changes: StockChange[]
        try {
          changes = transaction(db, () =>
            levels.map(({ productId, sku, stock: level }) => {
              const row = levelOf.get(productId, skuColumn(sku)) as LevelRow | undefined
              if (!row) throw new UnknownLevel()
              const before = Number(row.level)
              setLevel.run(level, productId, skuColumn(sku))
              logChange.run(at, productId, skuColumn(sku), before, level)
              return { productId, sku, before, stock: level }
            }),
          )
        } catch (error) {
          if (error instanceof UnknownLevel) return undefined
          throw error
        }
        tellChanges(changes)
        return changes
      },
      move(moves, at) {
        let moved: StockChange[]
        try {
          moved = transaction(db, () => {
            const below: StockLevel[] = []
            const done = moves.map(({ productId, sku, by }) => {
              const row = levelOf.get(productId, skuColumn(sku)) as LevelRow | undefined
              if (!row) throw new UnknownLevel()
              const before = Number(row.level)
              if (before + by < 0) below.push({ productId, sku, stock: before })
              else {
                setLevel.run(before + by, productId, skuColumn(sku))
                logChange.run(at, productId, skuColumn(sku), before, before + by)
              }
              return { productId, sku, before, stock: before + by }
            })
            if (below.length > 0) throw new BelowZero(below)
            return done
          })
        } catch (error) {
          if (error instanceof UnknownLevel) return { unknown: true }
          if (error instanceof BelowZero) return { below: error.levels }
          throw error
        }
        tellChanges(moved)
        return { moved }
      },
    }),
    onChanged: changed.add,
  }
  return { stock, levelNow, tell: changed.tell }
}

export type SqliteStock = ReturnType<typeof createSqliteStock>
