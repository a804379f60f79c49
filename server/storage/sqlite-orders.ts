import type { DatabaseSync } from 'node:sqlite'
import type { Allowance, Reservation } from '../limits/attempt-log.ts'
import type { OrderStore, Placement, StatusChange, Take } from '../orders/order-store.ts'
import { likeLiteral } from './like.ts'
import {
  KeyUsed,
  placement,
  placeOnce,
  runNow,
  type PlacementSteps,
  type Taken,
} from '../orders/place-flow.ts'
import type { StockLevel } from '../orders/stock-store.ts'
import { eventFrom, orderFrom, skuColumn, type EventRow, type OrderRow } from './order-rows.ts'
import type { SqliteOutbox } from './sqlite-outbox.ts'
import { now } from './sqlite-promised.ts'
import { transaction } from './sqlite-schema.ts'
import type { SqliteStock } from './sqlite-stock.ts'

/**
 * Orders in SQLite: the placement's steps (server/orders/place-flow.ts) as statements, run whole
 * in one BEGIN IMMEDIATE transaction (a second process on the file waits for it), then the
 * process's listeners told the new levels and that mail is waiting.
 */
export function createSqliteOrders(
  db: DatabaseSync,
  {
    stock,
    outbox,
    reserveAllNow,
  }: {
    stock: SqliteStock
    outbox: SqliteOutbox
    /** The attempts' log's reserveAll, within the placement's transaction. */
    reserveAllNow: (allowances: readonly Allowance[], at: number) => Reservation
  },
) {
  const take = db.prepare(
    'UPDATE stock SET level = level - ? WHERE product_id = ? AND sku = ? AND level >= ? RETURNING level',
  )
  const keyed = db.prepare('SELECT fingerprint, order_number FROM idempotency_keys WHERE key = ?')
  const addKey = db.prepare(
    'INSERT INTO idempotency_keys (key, fingerprint, order_number, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  )
  const addOrder = db.prepare(
    'INSERT INTO orders (number, created_at, user_id, email, body) VALUES (?, ?, ?, ?, ?)',
  )
  const byNumber = db.prepare('SELECT * FROM orders WHERE number = ?')
  const ofUser = db.prepare(
    'SELECT * FROM orders WHERE user_id = ? ORDER BY created_at DESC, number LIMIT ? OFFSET ?',
  )
  const countOfUser = db.prepare('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?')
  // The operator's list (OrderStore.all): each filter applies when given (not NULL).
  const FILTERED = `FROM orders WHERE created_at >= :since
    AND (:status IS NULL OR status = :status)
    AND (:query IS NULL OR number LIKE upper(:query) || '%' ESCAPE '\\'
         OR email LIKE '%' || :query || '%' ESCAPE '\\'
         OR lower(json_extract(body, '$.address.firstName') || ' ' ||
                  json_extract(body, '$.address.lastName')) LIKE '%' || :query || '%' ESCAPE '\\')`
  const filtered = db.prepare(
    `SELECT * ${FILTERED} ORDER BY created_at DESC, number LIMIT :limit OFFSET :skip`,
  )
  const countFiltered = db.prepare(`SELECT COUNT(*) AS n ${FILTERED}`)
  const pruneKeys = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?')
  const setStatus = db.prepare(
    'UPDATE orders SET status = ?, body = ? WHERE number = ? AND status = ?',
  )
  const addEvent = db.prepare(
    'INSERT INTO order_events (order_number, at, status, actor, note) VALUES (?, ?, ?, ?, ?)',
  )
  const events = db.prepare(
    'SELECT at, status, actor, note FROM order_events WHERE order_number = ? ORDER BY at, rowid',
  )
  const giveBack = db.prepare(
    'UPDATE stock SET level = level + ? WHERE product_id = ? AND sku = ? RETURNING level',
  )

  const orderByNumber = (number: string) => {
    const row = byNumber.get(number) as OrderRow | undefined
    return row && orderFrom(row)
  }
  const replayOf = (key: string, fingerprint: string) => {
    const used = keyed.get(key) as { fingerprint: string; order_number: string } | undefined
    if (!used) return undefined
    const replayed = orderByNumber(used.order_number)
    if (!replayed) throw new Error(`The order of key ${key} is missing`)
    return { replayed, sameRequest: used.fingerprint === fingerprint }
  }

  const steps: PlacementSteps<Reservation | Taken | undefined> = {
    allow: reserveAllNow,
    record({ order, key, fingerprint, mail }: Placement) {
      if (addKey.run(key, fingerprint, order.number, order.createdAt).changes === 0)
        throw new KeyUsed()
      addOrder.run(
        order.number,
        order.createdAt,
        order.userId,
        order.email,
        JSON.stringify(order.body),
      )
      outbox.queueNow(mail, order.createdAt)
      return undefined
    },
    take(takes: readonly Take[]): Taken {
      const levels: StockLevel[] = []
      const short: StockLevel[] = []
      for (const { productId, sku, quantity } of takes) {
        const left = take.get(quantity, productId, skuColumn(sku), quantity) as
          { level: number } | undefined
        if (left) levels.push({ productId, sku, stock: Number(left.level) })
        else short.push(stock.levelNow(productId, sku))
      }
      return short.length > 0 ? { short } : { levels }
    },
  }

  /** A status change's statements (order-store.ts, StatusChange); undefined when stale. */
  const changeNow = (change: StatusChange): StockLevel[] | undefined => {
    const { order, from, to, at, by, note, mail, returns } = change
    if (setStatus.run(to, JSON.stringify(order.body), order.number, from).changes === 0)
      return undefined
    addEvent.run(order.number, at, to, by, note ?? null)
    if (mail) outbox.queueNow(mail, at)
    return returns.flatMap(({ productId, sku, quantity }) => {
      const left = giveBack.get(quantity, productId, skuColumn(sku)) as
        { level: number } | undefined
      // A line whose product left the catalogue has no stock to give back to.
      return left ? [{ productId, sku, stock: Number(left.level) }] : []
    })
  }

  const orders: OrderStore = {
    place: (placed) =>
      placeOnce(
        () =>
          now(() => {
            const result = transaction(db, () => runNow(placement(steps, placed)))
            if ('placed' in result) {
              stock.tell({ levels: result.levels })
              outbox.announce()
            }
            return result
          }),
        () => now(() => replayOf(placed.key, placed.fingerprint)),
      ),
    replayOf: (key, fingerprint) => now(() => replayOf(key, fingerprint)),
    byNumber: (number) => now(() => orderByNumber(number)),
    ofUser: (userId, { limit, skip }) =>
      now(() => ({
        orders: (ofUser.all(userId, limit, skip) as unknown as OrderRow[]).map(orderFrom),
        total: Number((countOfUser.get(userId) as { n: number }).n),
      })),
    all: ({ limit, skip, since = 0, status, query }) =>
      now(() => {
        const filter = {
          since,
          status: status ?? null,
          query: query === undefined ? null : likeLiteral(query),
        }
        return {
          orders: (filtered.all({ ...filter, limit, skip }) as unknown as OrderRow[]).map(
            orderFrom,
          ),
          total: Number((countFiltered.get(filter) as { n: number }).n),
        }
      }),
    change: (change) =>
      now(() => {
        const levels = transaction(db, () => changeNow(change))
        if (!levels) return { stale: true }
        if (levels.length > 0) stock.tell({ levels })
        if (change.mail) outbox.announce()
        return { changed: change.order, levels }
      }),
    historyOf: (number) => now(() => (events.all(number) as unknown as EventRow[]).map(eventFrom)),
    pruneKeys: (before) => now(() => void pruneKeys.run(before)),
  }
  return orders
}
