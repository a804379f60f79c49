import type { DatabaseSync } from 'node:sqlite'
import type {
  ClaimedMessage,
  OrderStore,
  PlaceResult,
  Outbox,
  QueuedMessage,
  StockChange,
  StockLevel,
  StockStore,
  StoredOrder,
} from '../orders/order-store.ts'
import { ShortOfStock, UnknownLevel } from './order-rollbacks.ts'
import { transaction } from './sqlite-schema.ts'

/** A product's own stock is stored under the SKU '' (part of the key, which cannot be null). */
const skuColumn = (sku: string | null) => sku ?? ''
const levelFrom = (row: { product_id: number; sku: string; level: number }): StockLevel => ({
  productId: Number(row.product_id),
  sku: row.sku === '' ? null : row.sku,
  stock: Number(row.level),
})

interface OrderRow {
  number: string
  created_at: number
  user_id: number | null
  email: string
  body: string
}
const orderFrom = (row: OrderRow): StoredOrder => ({
  number: row.number,
  createdAt: Number(row.created_at),
  userId: row.user_id === null ? null : Number(row.user_id),
  email: row.email,
  body: JSON.parse(row.body) as Record<string, unknown>,
})

/**
 * The statement that queues a message in the outbox, due at once: (id, at, message as JSON, at,
 * when). Not inserted unless `when` is 1: a caller that must do the same work either way (a reset
 * asked for an address no account has) runs it all the same.
 */
export const queueStatement = (db: DatabaseSync) =>
  db.prepare(
    'INSERT INTO outbox (id, created_at, message, next_attempt_at) SELECT ?, ?, ?, ? WHERE ?',
  )

/**
 * Stock, orders and the outbox in SQLite. One process has the file (a second waits for its
 * write lock): BEGIN IMMEDIATE makes each placement whole before another starts, and the
 * process's own listeners are all there is to tell of a change (`changed`).
 */
export function createSqliteOrders(db: DatabaseSync, changed: (productIds: number[]) => void) {
  const seedLevel = db.prepare(
    'INSERT INTO stock (product_id, sku, level) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  )
  const allLevels = db.prepare('SELECT product_id, sku, level FROM stock ORDER BY product_id, sku')
  const levelOf = db.prepare(
    'SELECT product_id, sku, level FROM stock WHERE product_id = ? AND sku = ?',
  )
  const levelsOf = db.prepare('SELECT product_id, sku, level FROM stock WHERE product_id = ?')
  const take = db.prepare(
    'UPDATE stock SET level = level - ? WHERE product_id = ? AND sku = ? AND level >= ? RETURNING level',
  )
  const setLevel = db.prepare('UPDATE stock SET level = ? WHERE product_id = ? AND sku = ?')
  const logChange = db.prepare(
    'INSERT INTO stock_changes (at, product_id, sku, before, after) VALUES (?, ?, ?, ?, ?)',
  )
  const keyed = db.prepare('SELECT fingerprint, order_number FROM idempotency_keys WHERE key = ?')
  const addKey = db.prepare(
    'INSERT INTO idempotency_keys (key, fingerprint, order_number, created_at) VALUES (?, ?, ?, ?)',
  )
  const addOrder = db.prepare(
    'INSERT INTO orders (number, created_at, user_id, email, body) VALUES (?, ?, ?, ?, ?)',
  )
  const addMessage = queueStatement(db)
  const byNumber = db.prepare('SELECT * FROM orders WHERE number = ?')

  const levelsOfProduct = (productId: number) =>
    (levelsOf.all(productId) as Parameters<typeof levelFrom>[0][]).map(levelFrom)
  const orderByNumber = (number: string) => {
    const row = byNumber.get(number) as OrderRow | undefined
    return row && orderFrom(row)
  }

  const replay = (key: string, fingerprint: string) => {
    const used = keyed.get(key) as { fingerprint: string; order_number: string } | undefined
    if (!used) return undefined
    const replayed = orderByNumber(used.order_number)
    if (!replayed) throw new Error(`The order of key ${key} is missing`)
    return { replayed, sameRequest: used.fingerprint === fingerprint }
  }

  const stock: StockStore = {
    seed: (levels) =>
      Promise.resolve(
        transaction(db, () => {
          for (const { productId, sku, stock: level } of levels)
            seedLevel.run(productId, skuColumn(sku), level)
        }),
      ),
    all: () =>
      Promise.resolve((allLevels.all() as Parameters<typeof levelFrom>[0][]).map(levelFrom)),
    of: (productIds) =>
      Promise.resolve([...new Set(productIds)].sort((a, b) => a - b).flatMap(levelsOfProduct)),
    set(levels, at) {
      const changes = rolledBackOn(UnknownLevel, () =>
        transaction(db, () => {
          const done: StockChange[] = []
          for (const { productId, sku, stock: level } of levels) {
            const row = levelOf.get(productId, skuColumn(sku)) as { level: number } | undefined
            if (!row) throw new UnknownLevel()
            setLevel.run(level, productId, skuColumn(sku))
            logChange.run(at, productId, skuColumn(sku), row.level, level)
            done.push({ productId, sku, before: Number(row.level), stock: level })
          }
          return done
        }),
      )
      if (changes instanceof UnknownLevel) return Promise.resolve(undefined)
      changed([...new Set(changes.map((change) => change.productId))])
      return Promise.resolve(changes)
    },
  }

  const orders: OrderStore = {
    place({ order, key, fingerprint, takes, mail }) {
      const result = rolledBackOn(ShortOfStock, () =>
        transaction(db, (): PlaceResult => {
          const earlier = replay(key, fingerprint)
          if (earlier) return earlier
          const levels: StockLevel[] = []
          const short: StockLevel[] = []
          for (const { productId, sku, quantity } of takes) {
            const left = take.get(quantity, productId, skuColumn(sku), quantity) as
              { level: number } | undefined
            if (left) levels.push({ productId, sku, stock: Number(left.level) })
            else {
              const row = levelOf.get(productId, skuColumn(sku)) as { level: number } | undefined
              short.push({ productId, sku, stock: Number(row?.level ?? 0) })
            }
          }
          // Nothing taken for any line: the transaction is rolled back.
          if (short.length > 0) throw new ShortOfStock(short)
          addKey.run(key, fingerprint, order.number, order.createdAt)
          addOrder.run(
            order.number,
            order.createdAt,
            order.userId,
            order.email,
            JSON.stringify(order.body),
          )
          addMessage.run(mail.id, order.createdAt, JSON.stringify(mail), order.createdAt, 1)
          return { placed: order, levels }
        }),
      )
      if (result instanceof ShortOfStock) return Promise.resolve({ short: result.levels })
      if ('placed' in result) changed([...new Set(result.levels.map((level) => level.productId))])
      return Promise.resolve(result)
    },
    replayOf: (key, fingerprint) => Promise.resolve(replay(key, fingerprint)),
    byNumber: (number) => Promise.resolve(orderByNumber(number)),
    ofUser(userId, { limit, skip }) {
      const rows = db
        .prepare(
          'SELECT * FROM orders WHERE user_id = ? ORDER BY created_at DESC, number LIMIT ? OFFSET ?',
        )
        .all(userId, limit, skip) as unknown as OrderRow[]
      const { n } = db
        .prepare('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?')
        .get(userId) as { n: number }
      return Promise.resolve({ orders: rows.map(orderFrom), total: Number(n) })
    },
    all({ limit, skip, since = 0 }) {
      const rows = db
        .prepare(
          'SELECT * FROM orders WHERE created_at >= ? ORDER BY created_at DESC, number LIMIT ? OFFSET ?',
        )
        .all(since, limit, skip) as unknown as OrderRow[]
      const { n } = db
        .prepare('SELECT COUNT(*) AS n FROM orders WHERE created_at >= ?')
        .get(since) as { n: number }
      return Promise.resolve({ orders: rows.map(orderFrom), total: Number(n) })
    },
    pruneKeys: (before) =>
      Promise.resolve(
        void db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?').run(before),
      ),
  }

  const due = db.prepare(
    `SELECT id, message, attempts FROM outbox
     WHERE sent_at IS NULL AND next_attempt_at <= ? AND locked_until <= ?
     ORDER BY created_at LIMIT ?`,
  )
  const lock = db.prepare(
    'UPDATE outbox SET locked_until = ?, attempts = attempts + 1 WHERE id = ?',
  )
  const outbox: Outbox = {
    queue: (message, at) =>
      Promise.resolve(void addMessage.run(message.id, at, JSON.stringify(message), at, 1)),
    claim: (now, leaseMs, limit) =>
      Promise.resolve(
        transaction(db, () => {
          const rows = due.all(now, now, limit) as {
            id: string
            message: string
            attempts: number
          }[]
          return rows.map((row): ClaimedMessage => {
            lock.run(now + leaseMs, row.id)
            return { ...(JSON.parse(row.message) as QueuedMessage), attempts: row.attempts + 1 }
          })
        }),
      ),
    sent: (id, at) =>
      Promise.resolve(
        void db
          .prepare('UPDATE outbox SET sent_at = ?, next_attempt_at = NULL WHERE id = ?')
          .run(at, id),
      ),
    failed: (id, error, retryAt) =>
      Promise.resolve(
        void db
          .prepare(
            'UPDATE outbox SET last_error = ?, next_attempt_at = ?, locked_until = 0 WHERE id = ?',
          )
          .run(error.slice(0, 500), retryAt, id),
      ),
    pending: () =>
      Promise.resolve(
        Number(
          (
            db
              .prepare(
                'SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL',
              )
              .get() as { n: number }
          ).n,
        ),
      ),
  }

  return { stock, orders, outbox }
}

/** `work`'s result, or the error of class `Expected` it threw (its transaction rolled back). */
function rolledBackOn<T, E extends Error>(
  Expected: new (...args: never[]) => E,
  work: () => T,
): T | E {
  try {
    return work()
  } catch (error) {
    if (error instanceof Expected) return error
    throw error
  }
}
