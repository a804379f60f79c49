import postgres, { type Sql, type TransactionSql } from 'postgres'
import { ShortOfStock, UnknownLevel } from './order-rollbacks.ts'
import type {
  ClaimedMessage,
  OrderStore,
  Outbox,
  QueuedMessage,
  StockChange,
  StockLevel,
  StockStore,
  StoredOrder,
} from '../orders/order-store.ts'

/** The channel on which a replica tells the others which products' stock it changed. */
export const STOCK_CHANNEL = 'meridian_stock'

/** A product's own stock is stored under the SKU '' (part of the key, which cannot be null). */
const skuColumn = (sku: string | null) => sku ?? ''
type LevelRow = { productId: number; sku: string; level: number }
const levelFrom = (row: LevelRow): StockLevel => ({
  productId: Number(row.productId),
  sku: row.sku === '' ? null : row.sku,
  stock: Number(row.level),
})
const levelColumns = (sql: Sql) => sql`product_id AS "productId", sku, level`

type OrderRow = {
  number: string
  createdAt: string
  userId: string | null
  email: string
  body: Record<string, unknown>
}
const orderFrom = (row: OrderRow): StoredOrder => ({
  number: row.number,
  createdAt: Number(row.createdAt),
  userId: row.userId === null ? null : Number(row.userId),
  email: row.email,
  body: row.body,
})
const orderColumns = (sql: Sql) =>
  sql`number, created_at AS "createdAt", user_id AS "userId", email, body`

/**
 * Queues a message in the outbox, due at once; within a transaction, with what it tells of. Not
 * inserted unless `when`: a caller that must do the same work either way (a reset asked for an
 * address no account has) runs the statement all the same.
 */
export const queueMessage = (
  sql: Sql | TransactionSql,
  message: QueuedMessage,
  at: number,
  when = true,
) => sql`
  INSERT INTO outbox (id, created_at, message, next_attempt_at)
  SELECT ${message.id}::text, ${at}::bigint, ${sql.json({ ...message })}::jsonb, ${at}::bigint
  WHERE ${when}::boolean`

/** The products' ids as a notification's payload (at most 8000 bytes: a few hundred ids). */
const payloadOf = (productIds: readonly number[]) =>
  [...new Set(productIds)].join(',').slice(0, 7900)

/**
 * Stock, orders and the outbox in PostgreSQL, shared by every replica. A placement takes each
 * line's stock with a conditional UPDATE (the row's lock makes concurrent takes wait, and the
 * condition keeps the level from going below zero), in product order so two orders never wait
 * for each other. A change's product ids go out with pg_notify, which PostgreSQL delivers to every
 * listening replica when, and only if, the transaction commits.
 */
export function createPostgresOrders(
  sql: Sql,
  tracked: <T>(query: () => Promise<T>) => Promise<T>,
) {
  const stock: StockStore = {
    seed: (levels) =>
      tracked(async () => {
        if (levels.length === 0) return
        const rows = levels.map(({ productId, sku, stock: level }) => ({
          product_id: productId,
          sku: skuColumn(sku),
          level,
        }))
        await sql`INSERT INTO stock ${sql(rows)} ON CONFLICT DO NOTHING`
      }),
    all: () =>
      tracked(async () => {
        const rows = await sql<LevelRow[]>`
          SELECT ${levelColumns(sql)} FROM stock ORDER BY product_id, sku`
        return rows.map(levelFrom)
      }),
    of: (productIds) =>
      tracked(async () => {
        if (productIds.length === 0) return []
        const rows = await sql<LevelRow[]>`
          SELECT ${levelColumns(sql)} FROM stock WHERE product_id IN ${sql(productIds)}
          ORDER BY product_id, sku`
        return rows.map(levelFrom)
      }),
    set: (levels, at) =>
      tracked(async () => {
        try {
          return await sql.begin(async (tx) => {
            const done: StockChange[] = []
            for (const { productId, sku, stock: level } of levels) {
              const [row] = await tx<{ before: number }[]>`
                SELECT level AS before FROM stock
                WHERE product_id = ${productId} AND sku = ${skuColumn(sku)} FOR UPDATE`
              if (!row) throw new UnknownLevel()
              await tx`UPDATE stock SET level = ${level}
                       WHERE product_id = ${productId} AND sku = ${skuColumn(sku)}`
              await tx`INSERT INTO stock_changes (at, product_id, sku, before, after)
                       VALUES (${at}, ${productId}, ${skuColumn(sku)}, ${row.before}, ${level})`
              done.push({ productId, sku, before: Number(row.before), stock: level })
            }
            await tx`SELECT pg_notify(${STOCK_CHANNEL}, ${payloadOf(done.map((c) => c.productId))})`
            return done
          })
        } catch (error) {
          if (error instanceof UnknownLevel) return undefined
          throw error
        }
      }),
  }

  const byNumber = async (number: string) => {
    const [row] = await sql<OrderRow[]>`
      SELECT ${orderColumns(sql)} FROM orders WHERE number = ${number}`
    return row && orderFrom(row)
  }

  /** The order a key already names, if any. */
  const replay = async (key: string, fingerprint: string) => {
    const [used] = await sql<{ fingerprint: string; orderNumber: string }[]>`
      SELECT fingerprint, order_number AS "orderNumber" FROM idempotency_keys WHERE key = ${key}`
    if (!used) return undefined
    const replayed = await byNumber(used.orderNumber)
    if (!replayed) throw new Error(`The order of key ${key} is missing`)
    return { replayed, sameRequest: used.fingerprint === fingerprint }
  }

  const orders: OrderStore = {
    place: ({ order, key, fingerprint, takes, mail }) =>
      tracked(async () => {
        const earlier = await replay(key, fingerprint)
        if (earlier) return earlier
        // In product order, so that two orders' row locks are always taken in the same order.
        const ordered = [...takes].sort(
          (a, b) => a.productId - b.productId || skuColumn(a.sku).localeCompare(skuColumn(b.sku)),
        )
        try {
          return await sql.begin(async (tx) => {
            // First: a request with the same key at once waits here for this one to commit, then
            // fails on the key (below), and finds this order.
            await tx`INSERT INTO idempotency_keys (key, fingerprint, order_number, created_at)
                     VALUES (${key}, ${fingerprint}, ${order.number}, ${order.createdAt})`
            const levels: StockLevel[] = []
            const short: StockLevel[] = []
            for (const { productId, sku, quantity } of ordered) {
              const [left] = await tx<{ level: number }[]>`
                UPDATE stock SET level = level - ${quantity}
                WHERE product_id = ${productId} AND sku = ${skuColumn(sku)} AND level >= ${quantity}
                RETURNING level`
              if (left) levels.push({ productId, sku, stock: Number(left.level) })
              else {
                const [row] = await tx<{ level: number }[]>`
                  SELECT level FROM stock WHERE product_id = ${productId} AND sku = ${skuColumn(sku)}`
                short.push({ productId, sku, stock: Number(row?.level ?? 0) })
              }
            }
            if (short.length > 0) throw new ShortOfStock(short)
            await tx`INSERT INTO orders (number, created_at, user_id, email, body)
                     VALUES (${order.number}, ${order.createdAt}, ${order.userId}, ${order.email},
                             ${tx.json(order.body as postgres.JSONValue)})`
            await queueMessage(tx, mail, order.createdAt)
            await tx`SELECT pg_notify(${STOCK_CHANNEL}, ${payloadOf(levels.map((l) => l.productId))})`
            return { placed: order, levels }
          })
        } catch (error) {
          if (error instanceof ShortOfStock) return { short: error.levels }
          // The same key committed by a request that ran at once: its order, answered as a replay.
          if (
            error instanceof postgres.PostgresError &&
            error.constraint_name === 'idempotency_keys_pkey'
          ) {
            const earlier = await replay(key, fingerprint)
            if (earlier) return earlier
          }
          throw error
        }
      }),
    replayOf: (key, fingerprint) => tracked(() => replay(key, fingerprint)),
    byNumber: (number) => tracked(() => byNumber(number)),
    ofUser: (userId, { limit, skip }) =>
      tracked(async () => {
        const rows = await sql<OrderRow[]>`
          SELECT ${orderColumns(sql)} FROM orders WHERE user_id = ${userId}
          ORDER BY created_at DESC, number LIMIT ${limit} OFFSET ${skip}`
        const [count] = await sql<{ n: number }[]>`
          SELECT count(*)::integer AS n FROM orders WHERE user_id = ${userId}`
        return { orders: rows.map(orderFrom), total: count?.n ?? 0 }
      }),
    all: ({ limit, skip, since = 0 }) =>
      tracked(async () => {
        const rows = await sql<OrderRow[]>`
          SELECT ${orderColumns(sql)} FROM orders WHERE created_at >= ${since}
          ORDER BY created_at DESC, number LIMIT ${limit} OFFSET ${skip}`
        const [count] = await sql<{ n: number }[]>`
          SELECT count(*)::integer AS n FROM orders WHERE created_at >= ${since}`
        return { orders: rows.map(orderFrom), total: count?.n ?? 0 }
      }),
    pruneKeys: (before) =>
      tracked(
        async () => void (await sql`DELETE FROM idempotency_keys WHERE created_at < ${before}`),
      ),
  }

  const outbox: Outbox = {
    queue: (message, at) => tracked(async () => void (await queueMessage(sql, message, at))),
    // SKIP LOCKED: replicas claiming at once each take other messages, none waits for another.
    claim: (now, leaseMs, limit) =>
      tracked(async () => {
        const rows = await sql<{ message: ClaimedMessage; attempts: number }[]>`
          UPDATE outbox SET locked_until = ${now + leaseMs}, attempts = attempts + 1
          WHERE id IN (
            SELECT id FROM outbox
            WHERE sent_at IS NULL AND next_attempt_at <= ${now} AND locked_until <= ${now}
            ORDER BY created_at LIMIT ${limit}
            FOR UPDATE SKIP LOCKED)
          RETURNING message, attempts`
        return rows.map((row) => ({ ...row.message, attempts: row.attempts }))
      }),
    sent: (id, at) =>
      tracked(async () => {
        await sql`UPDATE outbox SET sent_at = ${at}, next_attempt_at = NULL WHERE id = ${id}`
      }),
    failed: (id, error, retryAt) =>
      tracked(async () => {
        await sql`UPDATE outbox SET last_error = ${error.slice(0, 500)},
                    next_attempt_at = ${retryAt}, locked_until = 0 WHERE id = ${id}`
      }),
    pending: () =>
      tracked(async () => {
        const [row] = await sql<{ n: number }[]>`
          SELECT count(*)::integer AS n FROM outbox
          WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL`
        return row?.n ?? 0
      }),
  }

  /**
   * Calls `listener` with the product ids every replica's committed changes name, this one's
   * included, and with none (everything may have changed) each time the listening connection is
   * (re)made, since a notification sent while it was down is lost.
   */
  const listen = async (listener: (productIds: number[] | undefined) => void) => {
    const listening = await sql.listen(
      STOCK_CHANNEL,
      (payload) => listener(payload.split(',').filter(Boolean).map(Number)),
      () => listener(undefined),
    )
    return () => listening.unlisten()
  }

  return { stock, orders, outbox, listen }
}
