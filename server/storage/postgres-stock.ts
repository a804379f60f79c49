import { randomUUID } from 'node:crypto'
import type { Sql } from 'postgres'
import type {
  StockChange,
  StockLevel,
  StockListener,
  StockNotice,
  StockStore,
} from '../orders/stock-store.ts'
import { inLockOrder, levelFrom, skuColumn, type LevelRow } from './order-rows.ts'
import {
  BelowZero,
  inAskedOrder,
  moveRefusal,
  setRefusal,
  UnknownLevel,
  type NextLevel,
  type StockLine,
} from './stock-changes.ts'

type Tracked = <T>(query: () => Promise<T>) => Promise<T>

/** The channel on which a replica tells the others (and itself) the levels it changed. */
export const STOCK_CHANNEL = 'meridian_stock'

/**
 * A notification's payload is at most 8,000 bytes: the levels as they stand when they fit
 * (`{"l":[[productId,"sku",level],…]}`, a product's own under the SKU ''), else only the products
 * (`{"p":[…]}`), whose levels each replica then reads. The same rule is written in SQL in
 * postgres-orders.ts's take, which builds the payload where the levels are known.
 */
export const NOTICE_BYTES = 7900

export function noticePayload(levels: readonly StockLevel[], id: string): string {
  const full = JSON.stringify({
    l: levels.map((l) => [l.productId, skuColumn(l.sku), l.stock]),
    i: id,
  })
  if (Buffer.byteLength(full) <= NOTICE_BYTES) return full
  return JSON.stringify({ p: [...new Set(levels.map((level) => level.productId))], i: id })
}

/** The id of the change a payload tells of (`i`), when it has one. */
const noticeIdOf = (payload: string): string | undefined => {
  try {
    const { i } = JSON.parse(payload) as { i?: unknown }
    return typeof i === 'string' ? i : undefined
  } catch {
    return undefined
  }
}

/** How long a replica waits to hear its own change's notification before it tells itself. */
const OWN_NOTICE_WAIT_MS = 1000

/** A change this process is making: its notification's id, and the wait for it once committed. */
export interface OwnChange {
  id: string
  /** Committed: resolves once this process's listeners have the change, in commit order. */
  told(notice: StockNotice): Promise<void>
  /** Rolled back: nothing will be heard. */
  cancel(): void
}

/** What a payload says: the levels, the products, or (unreadable) that anything may have changed. */
export function readNotice(payload: string): StockNotice {
  try {
    const parsed = JSON.parse(payload) as { l?: [number, string, number][]; p?: number[] }
    if (Array.isArray(parsed.l))
      return {
        levels: parsed.l.map(([productId, sku, stock]) =>
          levelFrom({ product_id: productId, sku, level: stock }),
        ),
      }
    if (Array.isArray(parsed.p)) return { productIds: parsed.p.map(Number) }
  } catch {
    // A replica of the release before sends the products' ids, comma-separated.
    const ids = payload.split(',').filter(Boolean).map(Number)
    if (ids.every(Number.isInteger)) return { productIds: ids }
  }
  return undefined
}

/**
 * Each product's and variant's stock in PostgreSQL, shared by every replica. A change's levels
 * go out with pg_notify, which PostgreSQL delivers to every listening replica when, and only if,
 * its transaction commits, in commit order; this replica's own listeners learn of its own changes
 * the same way, and the change answers once they have (`ownChange`), so its next answer shows them
 * and no older level ever lands after a newer one (decisions.md § Orders, fresh stock).
 */
export function createPostgresStock(sql: Sql, tracked: Tracked) {
  const listeners = new Set<StockListener>()
  const tell = (notice: StockNotice) => {
    for (const listener of listeners) listener(notice)
  }
  /** Changes this process made, each waiting for its own notification. */
  const awaiting = new Map<string, () => void>()
  let listening = false

  /**
   * A change this process is about to make. Its listeners learn of it from its notification, as
   * of every other replica's, so they hear every change in commit order: told at once after its
   * commit, a replica could apply its own level after a later one it had already heard (100
   * orders racing for 5: a replica showed 1 left of 0, for good). Registered before the
   * transaction, since the notification can arrive before the commit's answer; past
   * OWN_NOTICE_WAIT_MS unheard (the listening connection down), it tells them itself.
   */
  const ownChange = (): OwnChange => {
    const id = randomUUID()
    let resolve = () => {}
    const heard = new Promise<void>((done) => (resolve = done))
    awaiting.set(id, resolve)
    return {
      id,
      told: async (notice) => {
        if (!listening) {
          awaiting.delete(id)
          tell(notice)
          return
        }
        const timer = setTimeout(() => {
          if (!awaiting.delete(id)) return
          tell(notice)
          resolve()
        }, OWN_NOTICE_WAIT_MS)
        await heard
        clearTimeout(timer)
      },
      cancel: () => void awaiting.delete(id),
    }
  }

  /**
   * Each line's level set to `next(line, before)` under its row's lock, in lock order (as orders
   * take them: two changes at once never wait on each other), logged, all or none (an unknown
   * line, or one below zero, rolls it back: stock-changes.ts); then told to every replica by its
   * notification. Answered in the order the lines were asked.
   */
  async function change<L extends StockLine>(
    lines: readonly L[],
    at: number,
    next: NextLevel<L>,
  ): Promise<StockChange[]> {
    const own = ownChange()
    let changes: StockChange[]
    try {
      changes = await sql.begin(async (tx) => {
        const below: StockLevel[] = []
        const done: StockChange[] = []
        for (const line of inLockOrder(lines)) {
          const { productId, sku } = line
          const [row] = await tx<{ before: number }[]>`
            SELECT level AS before FROM stock
            WHERE product_id = ${productId} AND sku = ${skuColumn(sku)} FOR UPDATE`
          if (!row) throw new UnknownLevel()
          const before = Number(row.before)
          const after = next(line, before)
          if (after < 0) {
            below.push({ productId, sku, stock: before })
            continue
          }
          await tx`UPDATE stock SET level = ${after}
                   WHERE product_id = ${productId} AND sku = ${skuColumn(sku)}`
          await tx`INSERT INTO stock_changes (at, product_id, sku, before, after)
                   VALUES (${at}, ${productId}, ${skuColumn(sku)}, ${before}, ${after})`
          done.push({ productId, sku, before, stock: after })
        }
        if (below.length > 0) throw new BelowZero(below)
        await tx`SELECT pg_notify(${STOCK_CHANNEL}, ${noticePayload(done, own.id)})`
        return inAskedOrder(lines, done)
      })
    } catch (error) {
      own.cancel()
      throw error
    }
    await own.told({ levels: changes })
    return changes
  }

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
          SELECT product_id, sku, level FROM stock ORDER BY product_id, sku`
        return rows.map(levelFrom)
      }),
    of: (productIds) =>
      tracked(async () => {
        if (productIds.length === 0) return []
        const rows = await sql<LevelRow[]>`
          SELECT product_id, sku, level FROM stock WHERE product_id IN ${sql(productIds)}
          ORDER BY product_id, sku`
        return rows.map(levelFrom)
      }),
    set: (levels, at) =>
      tracked(async () => {
        try {
          return await change(levels, at, (line) => line.stock)
        } catch (error) {
          return setRefusal(error)
        }
      }),
    move: (moves, at) =>
      tracked(async () => {
        try {
          return { moved: await change(moves, at, (line, before) => before + line.by) }
        } catch (error) {
          return moveRefusal(error)
        }
      }),
    onChanged(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }

  /**
   * Listens, on one connection of its own, for every replica's changes (this one's included); each
   * time that connection is (re)made, anything may have changed (a notification sent while it was
   * down is lost).
   */
  const listen = async () => {
    const subscription = await sql.listen(
      STOCK_CHANNEL,
      (payload) => {
        tell(readNotice(payload))
        const id = noticeIdOf(payload)
        const heard = id === undefined ? undefined : awaiting.get(id)
        if (id !== undefined) awaiting.delete(id)
        heard?.()
      },
      () => {
        listening = true
        tell(undefined)
      },
    )
    return () => {
      listening = false
      return subscription.unlisten()
    }
  }

  return { stock, ownChange, listen }
}

export type PostgresStock = ReturnType<typeof createPostgresStock>
