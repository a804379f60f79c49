import postgres, { type Sql, type TransactionSql } from 'postgres'
import type { OrderStore, Placement, Replay, StatusChange, Take } from '../orders/order-store.ts'
import { likeLiteral } from './like.ts'
import {
  KeyUsed,
  placeOnce,
  placement,
  runAwaiting,
  type PlacementSteps,
  type Taken,
} from '../orders/place-flow.ts'
import type { StockLevel } from '../orders/stock-store.ts'
import { reserveAllIn } from './postgres-attempts.ts'
import { queueMessage, type PostgresOutbox } from './postgres-outbox.ts'
import { NOTICE_BYTES, STOCK_CHANNEL, type PostgresStock } from './postgres-stock.ts'
import {
  eventFrom,
  inLockOrder,
  levelFrom,
  orderFrom,
  skuColumn,
  type EventRow,
  type LevelRow,
  type OrderRow,
} from './order-rows.ts'

type Tracked = <T>(query: () => Promise<T>) => Promise<T>

/**
 * One statement: each line's stock taken (never below zero: the row's lock makes concurrent takes
 * wait, the condition keeps the level up) or given back, the levels as they then stand, and the
 * notification that carries them to every replica (sent at commit, and only then). Lines are
 * taken in lock order (inLockOrder). A line it could not take is missing from the answer.
 */
async function moveStock(
  tx: TransactionSql,
  lines: readonly Take[],
  way: 'take' | 'give back',
  /** The change's id, in its notification (postgres-stock.ts, ownChange). */
  id: string,
): Promise<StockLevel[]> {
  const ids = lines.map((line) => line.productId)
  const skus = lines.map((line) => skuColumn(line.sku))
  const [row] = await tx<{ levels: LevelRow[] | null }[]>`
    WITH lines AS (
      SELECT * FROM unnest(${ids}::integer[], ${skus}::text[],
                           ${lines.map((line) => line.quantity)}::integer[])
        WITH ORDINALITY AS l(product_id, sku, quantity, i)),
    moved AS (
      UPDATE stock s
      SET level = ${way === 'take' ? tx`s.level - l.quantity` : tx`s.level + l.quantity`}
      FROM lines l
      WHERE s.product_id = l.product_id AND s.sku = l.sku
        ${way === 'take' ? tx`AND s.level >= l.quantity` : tx``}
      RETURNING s.product_id, s.sku, s.level),
    payload AS (
      SELECT json_build_object('l', json_agg(json_build_array(product_id, sku, level)),
                               'i', ${id}::text)::text AS levels,
             json_build_object('p', json_agg(DISTINCT product_id), 'i', ${id}::text)::text
               AS products
      FROM moved)
    SELECT (SELECT json_agg(moved) FROM moved) AS levels,
           pg_notify(${STOCK_CHANNEL},
             coalesce(CASE WHEN octet_length(levels) <= ${NOTICE_BYTES} THEN levels ELSE products END, ''))
    FROM payload`
  return (row?.levels ?? []).map(levelFrom)
}

/**
 * A status change's statements in one transaction (order-store.ts, StatusChange): the order's
 * status, only from the one it was decided on (the row's lock makes a change at the same moment
 * wait, then find it changed), its history entry and mail, and the stock it gives back. Undefined
 * when stale.
 */
async function changeIn(tx: TransactionSql, change: StatusChange, id: string) {
  const { order, from, to, at, by, note, mail, returns } = change
  const changed = await tx`
    WITH changed AS (
      UPDATE orders SET status = ${to}, body = ${tx.json(order.body as postgres.JSONValue)}
      WHERE number = ${order.number} AND status = ${from}
      RETURNING number)
    INSERT INTO order_events (order_number, at, status, actor, note)
    SELECT number, ${at}, ${to}, ${by}, ${note ?? null} FROM changed`
  if (changed.count === 0) return undefined
  if (mail) await queueMessage(tx, mail, at)
  return returns.length > 0 ? moveStock(tx, inLockOrder(returns), 'give back', id) : []
}

/** The steps of a placement (server/orders/place-flow.ts) in one transaction, a statement each. */
function stepsIn(tx: TransactionSql, id: string): PlacementSteps<Promise<unknown>> {
  return {
    // Two statements: the keys' locks, then the allowances read and recorded.
    allow: (allowances, at) => reserveAllIn(tx, allowances, at),
    // One: the key, the order and its confirmation. A request with the same key at once waits on
    // the key's row for this transaction, then fails on it, and finds this order.
    async record({ order, key, fingerprint, mail }: Placement) {
      try {
        await tx`
          WITH keyed AS (
            INSERT INTO idempotency_keys (key, fingerprint, order_number, created_at)
            VALUES (${key}, ${fingerprint}, ${order.number}, ${order.createdAt})),
          stored AS (
            INSERT INTO orders (number, created_at, user_id, email, body)
            VALUES (${order.number}, ${order.createdAt}, ${order.userId}, ${order.email},
                    ${tx.json(order.body as postgres.JSONValue)}))
          ${queueMessage(tx, mail, order.createdAt)}`
      } catch (error) {
        if (
          error instanceof postgres.PostgresError &&
          error.constraint_name === 'idempotency_keys_pkey'
        )
          throw new KeyUsed()
        throw error
      }
    },
    // One, last: each line's stock (never below zero: the row's lock makes concurrent takes wait,
    // the condition keeps the level up), the levels as they stand, and the notification that
    // carries them (sent at commit, and only then). A second statement only for an order short of
    // stock, which is rolled back: the levels of its lines.
    async take(takes: readonly Take[]): Promise<Taken> {
      const lines = inLockOrder(takes)
      const ids = lines.map((line) => line.productId)
      const skus = lines.map((line) => skuColumn(line.sku))
      const taken = await moveStock(tx, lines, 'take', id)
      if (taken.length === lines.length) return { levels: taken }
      const rows = await tx<LevelRow[]>`
        SELECT product_id, sku, level FROM stock
        WHERE (product_id, sku) IN (SELECT * FROM unnest(${ids}::integer[], ${skus}::text[]))`
      const now = rows.map(levelFrom)
      const short = lines
        .filter((line) => !taken.some((t) => t.productId === line.productId && t.sku === line.sku))
        .map(
          (line) =>
            now.find((level) => level.productId === line.productId && level.sku === line.sku) ?? {
              productId: line.productId,
              sku: line.sku,
              stock: 0,
            },
        )
      return { short }
    },
  }
}

/**
 * Orders in PostgreSQL, shared by every replica: a placement is one transaction of a few
 * statements (BEGIN, the allowances' two, the record, the take, COMMIT), after which this
 * replica's mailer is told that mail is waiting, and it answers once its own listeners have heard
 * the levels from the take's notification (postgres-stock.ts, ownChange).
 */
export function createPostgresOrders(
  sql: Sql,
  tracked: Tracked,
  {
    stock,
    outbox,
  }: { stock: Pick<PostgresStock, 'ownChange'>; outbox: Pick<PostgresOutbox, 'announce'> },
): OrderStore {
  const byNumber = async (number: string) => {
    const [row] = await sql<OrderRow[]>`SELECT * FROM orders WHERE number = ${number}`
    return row && orderFrom(row)
  }
  /** The order a key already names, if any. */
  const replayOf = async (key: string, fingerprint: string): Promise<Replay | undefined> => {
    const [used] = await sql<{ fingerprint: string; order_number: string }[]>`
      SELECT fingerprint, order_number FROM idempotency_keys WHERE key = ${key}`
    if (!used) return undefined
    const replayed = await byNumber(used.order_number)
    if (!replayed) throw new Error(`The order of key ${key} is missing`)
    return { replayed, sameRequest: used.fingerprint === fingerprint }
  }
  const page = async (
    where: postgres.PendingQuery<postgres.Row[]>,
    limit: number,
    skip: number,
  ) => {
    const rows = await sql<(OrderRow & { total: number })[]>`
      SELECT *, count(*) OVER ()::integer AS total FROM orders WHERE ${where}
      ORDER BY created_at DESC, number LIMIT ${limit} OFFSET ${skip}`
    const total = rows[0]?.total ?? (skip > 0 ? await countOf(where) : 0)
    return { orders: rows.map(orderFrom), total }
  }
  const countOf = async (where: postgres.PendingQuery<postgres.Row[]>) => {
    const [row] = await sql<
      { n: number }[]
    >`SELECT count(*)::integer AS n FROM orders WHERE ${where}`
    return row?.n ?? 0
  }

  return {
    place: (placed) =>
      tracked(() =>
        placeOnce(
          async () => {
            const change = stock.ownChange()
            let result
            try {
              result = await sql.begin((tx) =>
                runAwaiting(placement(stepsIn(tx, change.id), placed)),
              )
            } catch (error) {
              change.cancel()
              throw error
            }
            if (!('placed' in result)) {
              change.cancel()
              return result
            }
            outbox.announce()
            await change.told({ levels: result.levels })
            return result
          },
          () => replayOf(placed.key, placed.fingerprint),
        ),
      ),
    replayOf: (key, fingerprint) => tracked(() => replayOf(key, fingerprint)),
    byNumber: (number) => tracked(() => byNumber(number)),
    ofUser: (userId, { limit, skip }) => tracked(() => page(sql`user_id = ${userId}`, limit, skip)),
    all: ({ limit, skip, since = 0, status, query }) =>
      tracked(() => {
        // LIKE's escape is a backslash in PostgreSQL, as likeLiteral writes it.
        const like = query === undefined ? undefined : likeLiteral(query)
        return page(
          sql`created_at >= ${since}
            ${status === undefined ? sql`` : sql`AND status = ${status}`}
            ${
              like === undefined
                ? sql``
                : sql`AND (number LIKE upper(${like}) || '%'
                      OR email LIKE '%' || ${like} || '%'
                      OR lower(concat(body->'address'->>'firstName', ' ',
                                      body->'address'->>'lastName')) LIKE '%' || ${like} || '%')`
            }`,
          limit,
          skip,
        )
      }),
    change: (change) =>
      tracked(async () => {
        const own = stock.ownChange()
        let levels
        try {
          levels = await sql.begin((tx) => changeIn(tx, change, own.id))
        } catch (error) {
          own.cancel()
          throw error
        }
        if (change.mail && levels) outbox.announce()
        // Only a change that gave stock back sent a notification.
        if (levels && levels.length > 0) await own.told({ levels })
        else own.cancel()
        if (!levels) return { stale: true } as const
        return { changed: change.order, levels }
      }),
    historyOf: (number) =>
      tracked(async () =>
        (
          await sql<EventRow[]>`
            SELECT at, status, actor, note FROM order_events
            WHERE order_number = ${number} ORDER BY at, id`
        ).map(eventFrom),
      ),
    pruneKeys: (before) =>
      tracked(
        async () => void (await sql`DELETE FROM idempotency_keys WHERE created_at < ${before}`),
      ),
  }
}
