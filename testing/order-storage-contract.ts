import { describe, expect, it } from 'vitest'
import type { Placement, StatusChange, StoredOrder } from '../server/orders/order-store.ts'
import type { StockLevel, StockNotice } from '../server/orders/stock-store.ts'
import type { Storage } from '../server/storage/storage.ts'
import { openedForEachTest, type StorageHarness } from './storage-contract.ts'

const LEVELS: StockLevel[] = [
  { productId: 1, sku: null, stock: 5 },
  { productId: 2, sku: null, stock: 3 },
  { productId: 109, sku: 'MEN-SNE-109-7-BLA', stock: 2 },
  { productId: 109, sku: 'MEN-SNE-109-8-BLA', stock: 4 },
]

let made = 0
/** An order placement: one line of `quantity` of product 1 unless `takes` says otherwise. */
function placement(overrides: Partial<Placement> = {}, at = 1_800_000_000_000): Placement {
  made += 1
  const number = `MRD-T${String(made).padStart(9, '0')}`
  const order: StoredOrder = {
    number,
    createdAt: at + made,
    userId: null,
    email: 'asha@example.com',
    body: { number, total: 10 },
  }
  return {
    order,
    key: `key-${number}`,
    fingerprint: `fp-${number}`,
    takes: [{ productId: 1, sku: null, quantity: 1 }],
    mail: { id: `mail-${number}`, to: 'asha@example.com', subject: number, text: 't', html: 'h' },
    allowances: [],
    ...overrides,
  }
}

/** The products a storage was told of, by the levels its notices carry. */
const toldOf = (heard: StockNotice[]) =>
  heard.flatMap((notice) =>
    notice && 'levels' in notice ? notice.levels.map((level) => level.productId) : [],
  )

/** The change of a placed order to `to`, as the order use case would decide it. */
const changeOf = (
  placed: Placement,
  to: string,
  extra: Partial<StatusChange> = {},
): StatusChange => ({
  order: { ...placed.order, body: { ...placed.order.body, status: to } },
  from: 'placed',
  to,
  at: placed.order.createdAt + 1000,
  by: 'ops@example.com',
  mail: {
    id: `mail-${placed.order.number}-${to}`,
    to: placed.order.email,
    subject: to,
    text: 't',
    html: 'h',
  },
  returns: [],
  ...extra,
})

/** The ids of every message in the outbox not sent yet. */
const queuedIds = async (storage: Storage) =>
  (await storage.outbox.claim(10_000_000_000_000, 60_000, 100)).map((message) => message.id).sort()

const byLine = (a: StockLevel, b: StockLevel) =>
  a.productId - b.productId || (a.sku ?? '').localeCompare(b.sku ?? '')

const levelOf = async (storage: Storage, productId: number, sku: string | null = null) =>
  (await storage.stock.of([productId])).find((level) => level.sku === sku)?.stock

/**
 * What the API needs of its storage for orders, run unchanged against each implementation
 * (sqlite.test.ts, postgres.test.ts): stock seeded once and never below zero, an order placed
 * all or none with its mail, idempotency keys, orders found, and the outbox claimed by one
 * sender at a time; across two processes on one database too.
 */
export function describeOrderStorageContract(name: string, harness: StorageHarness) {
  describe(`the order storage contract: ${name}`, () => {
    const open = openedForEachTest()
    const stocked = async () => {
      const location = await harness.fresh()
      const storage = await open(location)
      await storage.stock.seed(LEVELS)
      return { storage, location }
    }

    it('seeds each level once: a later seed adds new ones and never changes a stored one', async () => {
      const { storage } = await stocked()
      await storage.stock.seed([
        { productId: 1, sku: null, stock: 99 },
        { productId: 3, sku: null, stock: 7 },
      ])
      expect(await storage.stock.all()).toEqual(
        [...LEVELS, { productId: 3, sku: null, stock: 7 }].sort(
          (a, b) => a.productId - b.productId || (a.sku ?? '').localeCompare(b.sku ?? ''),
        ),
      )
      expect(await storage.stock.of([109, 2])).toEqual([LEVELS[1], LEVELS[2], LEVELS[3]])
    })

    it('places an order whole: its stock taken, the order stored, its mail queued, the change told', async () => {
      const { storage } = await stocked()
      const heard: StockNotice[] = []
      storage.stock.onChanged((notice) => heard.push(notice))
      const order = placement({
        takes: [
          { productId: 1, sku: null, quantity: 2 },
          { productId: 109, sku: 'MEN-SNE-109-7-BLA', quantity: 2 },
        ],
      })
      const result = await storage.orders.place(order)
      expect(result).toEqual({
        placed: order.order,
        levels: [
          { productId: 1, sku: null, stock: 3 },
          { productId: 109, sku: 'MEN-SNE-109-7-BLA', stock: 0 },
        ],
      })
      expect(await levelOf(storage, 109, 'MEN-SNE-109-8-BLA')).toBe(4)
      expect(await storage.orders.byNumber(order.order.number)).toEqual(order.order)
      expect(await storage.outbox.pending()).toBe(1)
      // Told the levels themselves, once committed: nothing more to read.
      expect(heard).toContainEqual({ levels: 'placed' in result ? result.levels : [] })
    })

    it('takes nothing for any line when one is short, and says what each short line has', async () => {
      const { storage } = await stocked()
      const result = await storage.orders.place(
        placement({
          takes: [
            { productId: 1, sku: null, quantity: 1 },
            { productId: 2, sku: null, quantity: 4 },
            { productId: 109, sku: 'MEN-SNE-109-7-BLA', quantity: 3 },
          ],
        }),
      )
      expect(result).toEqual({
        short: [
          { productId: 2, sku: null, stock: 3 },
          { productId: 109, sku: 'MEN-SNE-109-7-BLA', stock: 2 },
        ],
      })
      expect(await storage.stock.all()).toEqual(LEVELS)
      expect((await storage.orders.all({ limit: 10, skip: 0 })).total).toBe(0)
      expect(await storage.outbox.pending()).toBe(0)
    })

    it('answers a key used again with its order, saying whether the request was the same', async () => {
      const { storage } = await stocked()
      const first = placement()
      await storage.orders.place(first)
      const again = await storage.orders.place({
        ...placement(),
        key: first.key,
        fingerprint: first.fingerprint,
      })
      expect(again).toEqual({ replayed: first.order, sameRequest: true })
      const other = await storage.orders.place({
        ...placement(),
        key: first.key,
        fingerprint: 'fp-other',
      })
      expect(other).toEqual({ replayed: first.order, sameRequest: false })
      expect(await levelOf(storage, 1)).toBe(4)
      expect((await storage.orders.all({ limit: 10, skip: 0 })).total).toBe(1)
      // Kept until pruned; the order stays.
      await storage.orders.pruneKeys(first.order.createdAt + 1)
      expect('placed' in (await storage.orders.place({ ...placement(), key: first.key }))).toBe(
        true,
      )
      expect(await storage.orders.byNumber(first.order.number)).toEqual(first.order)
    })

    it('never sells below zero when two processes race for the last units', async () => {
      const { location } = await stocked()
      const [a, b] = [await open(location), await open(location)]
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          (i % 2 ? a : b).orders.place(
            placement({ takes: [{ productId: 2, sku: null, quantity: 1 }] }),
          ),
        ),
      )
      expect(results.filter((result) => 'placed' in result)).toHaveLength(3)
      expect(results.filter((result) => 'short' in result)).toHaveLength(21)
      expect(await levelOf(a, 2)).toBe(0)
    })

    it('places one order for a key sent to two processes at once', async () => {
      const { location } = await stocked()
      const [a, b] = [await open(location), await open(location)]
      const first = placement()
      const results = await Promise.all([
        a.orders.place(first),
        b.orders.place({ ...placement(), key: first.key, fingerprint: first.fingerprint }),
      ])
      const placed = results.flatMap((result) => ('placed' in result ? [result.placed] : []))
      expect(placed).toHaveLength(1)
      // Whichever came first is the order; the other is answered with it.
      expect(results.filter((result) => 'replayed' in result)).toEqual([
        { replayed: placed[0], sameRequest: true },
      ])
      expect(await levelOf(a, 1)).toBe(4)
    })

    it('finds orders by number, a user’s newest first, and all of them since a time', async () => {
      const { storage } = await stocked()
      const mine = [placement(), placement(), placement()].map((p) => ({
        ...p,
        order: { ...p.order, userId: 7 },
      }))
      const theirs = placement()
      for (const p of [...mine, theirs]) await storage.orders.place(p)
      const { orders, total } = await storage.orders.ofUser(7, { limit: 2, skip: 0 })
      expect(total).toBe(3)
      expect(orders.map((order) => order.number)).toEqual([
        mine[2]!.order.number,
        mine[1]!.order.number,
      ])
      expect((await storage.orders.ofUser(7, { limit: 2, skip: 2 })).orders).toEqual([
        mine[0]!.order,
      ])
      const since = await storage.orders.all({
        limit: 10,
        skip: 0,
        since: mine[2]!.order.createdAt,
      })
      expect(since.orders.map((order) => order.number)).toEqual([
        theirs.order.number,
        mine[2]!.order.number,
      ])
      expect(await storage.orders.byNumber('MRD-NOSUCH000')).toBeUndefined()
    })

    it('sets levels all or none, says what each was, and tells every process', async () => {
      const { storage, location } = await stocked()
      const other = await open(location)
      const heard: StockNotice[] = []
      other.stock.onChanged((notice) => heard.push(notice))
      expect(
        await storage.stock.set(
          [
            { productId: 1, sku: null, stock: 40 },
            { productId: 404, sku: null, stock: 1 },
          ],
          1,
        ),
      ).toBeUndefined()
      expect(await levelOf(storage, 1)).toBe(5)
      expect(
        await storage.stock.set(
          [
            { productId: 1, sku: null, stock: 40 },
            { productId: 109, sku: 'MEN-SNE-109-7-BLA', stock: 0 },
          ],
          2,
        ),
      ).toEqual([
        { productId: 1, sku: null, before: 5, stock: 40 },
        { productId: 109, sku: 'MEN-SNE-109-7-BLA', before: 2, stock: 0 },
      ])
      expect(await levelOf(other, 1)).toBe(40)
      // SQLite has one process: only its own storage is told; PostgreSQL tells every one.
      if (name === 'PostgreSQL')
        await expect.poll(() => toldOf(heard)).toEqual(expect.arrayContaining([1, 109]))
    })

    it('changes a status once, from the one it was decided on: its entry, its mail and the stock it gives back with it', async () => {
      const { storage } = await stocked()
      const heard: StockNotice[] = []
      storage.stock.onChanged((notice) => heard.push(notice))
      const placed = placement({
        takes: [
          { productId: 109, sku: 'MEN-SNE-109-7-BLA', quantity: 2 },
          { productId: 1, sku: null, quantity: 1 },
        ],
      })
      await storage.orders.place(placed)
      expect(await levelOf(storage, 109, 'MEN-SNE-109-7-BLA')).toBe(0)
      const cancel = changeOf(placed, 'cancelled', { note: 'a duplicate', returns: placed.takes })
      const result = await storage.orders.change(cancel)
      if (!('changed' in result)) throw new Error('The cancel was not made')
      expect(result.changed).toEqual(cancel.order)
      expect(result.levels.sort(byLine)).toEqual([
        { productId: 1, sku: null, stock: 5 },
        { productId: 109, sku: 'MEN-SNE-109-7-BLA', stock: 2 },
      ])
      expect(toldOf(heard)).toEqual(expect.arrayContaining([1, 109]))
      expect(await storage.orders.byNumber(placed.order.number)).toEqual(cancel.order)
      const entry = {
        status: 'cancelled',
        at: cancel.at,
        by: 'ops@example.com',
        note: 'a duplicate',
      }
      expect(await storage.orders.historyOf(placed.order.number)).toEqual([entry])

      // Decided again on 'placed' (a retry, a second operator): stale, and nothing twice.
      expect(await storage.orders.change(cancel)).toEqual({ stale: true })
      expect(await levelOf(storage, 109, 'MEN-SNE-109-7-BLA')).toBe(2)
      expect(await levelOf(storage, 1)).toBe(5)
      expect(await storage.orders.historyOf(placed.order.number)).toEqual([entry])
      expect(await queuedIds(storage)).toEqual([placed.mail.id, cancel.mail!.id].sort())
      // An order's history is its own; a number with none has none.
      expect(await storage.orders.historyOf('MRD-NONE')).toEqual([])
    })

    it('makes one of two changes decided at once on two processes, with one entry and one mail', async () => {
      const { location } = await stocked()
      const [a, b] = [await open(location), await open(location)]
      const placed = placement({ takes: [{ productId: 2, sku: null, quantity: 3 }] })
      await a.orders.place(placed)
      const ship = changeOf(placed, 'shipped')
      const cancel = changeOf(placed, 'cancelled', { returns: placed.takes })
      const results = await Promise.all([
        a.orders.change(ship),
        b.orders.change(cancel),
        b.orders.change(ship),
        a.orders.change(cancel),
      ])
      const made = results.flatMap((result) => ('changed' in result ? [result.changed] : []))
      expect(made).toHaveLength(1)
      const status = String(made[0]!.body.status)
      expect((await a.orders.byNumber(placed.order.number))?.body.status).toBe(status)
      expect(await b.orders.historyOf(placed.order.number)).toHaveLength(1)
      expect(await levelOf(b, 2)).toBe(status === 'cancelled' ? 3 : 0)
      expect(await queuedIds(a)).toEqual(
        [placed.mail.id, `mail-${placed.order.number}-${status}`].sort(),
      )
    })

    it('moves levels from where they stand, all or none, never below zero, and tells every process', async () => {
      const { storage, location } = await stocked()
      const other = await open(location)
      const heard: StockNotice[] = []
      other.stock.onChanged((notice) => heard.push(notice))
      const variant = { productId: 109, sku: 'MEN-SNE-109-8-BLA' }
      // One line unknown, or one line short: nothing moves.
      expect(
        await storage.stock.move(
          [
            { productId: 1, sku: null, by: 10 },
            { productId: 404, sku: null, by: 1 },
          ],
          1,
        ),
      ).toEqual({ unknown: true })
      expect(
        await storage.stock.move(
          [
            { productId: 1, sku: null, by: 10 },
            { ...variant, by: -5 },
          ],
          1,
        ),
      ).toEqual({ below: [{ ...variant, stock: 4 }] })
      expect(await levelOf(storage, 1)).toBe(5)
      expect(await levelOf(storage, 109, variant.sku)).toBe(4)

      // An order between a delivery counted and its entry: the delivery adds to what the order left.
      await storage.orders.place(placement({ takes: [{ ...variant, quantity: 3 }] }))
      const moved = await storage.stock.move(
        [
          { ...variant, by: 12 },
          { productId: 1, sku: null, by: -5 },
        ],
        2,
      )
      expect('moved' in moved && [...moved.moved].sort(byLine)).toEqual([
        { productId: 1, sku: null, before: 5, stock: 0 },
        { ...variant, before: 1, stock: 13 },
      ])
      expect(await levelOf(other, 109, variant.sku)).toBe(13)
      if (name === 'PostgreSQL')
        await expect.poll(() => toldOf(heard)).toEqual(expect.arrayContaining([1, 109]))

      // Two deliveries at once on two processes: both count.
      await Promise.all([
        storage.stock.move([{ productId: 2, sku: null, by: 7 }], 3),
        other.stock.move([{ productId: 2, sku: null, by: 4 }], 3),
      ])
      expect(await levelOf(storage, 2)).toBe(14)
    })

    it('counts the mail waiting by kind, and lists an order’s mails with what became of each', async () => {
      const { storage } = await stocked()
      const message = (id: string) => ({
        id,
        to: 'asha@example.com',
        subject: id,
        text: 't',
        html: 'h',
      })
      for (const id of [
        'order-MRD-A',
        'order-MRD-A-shipped',
        'order-MRD-B',
        'order-MRD-B-cancelled',
        'order-MRD-B-confirmation-5',
        'reset-xyz',
        'email-changed-xyz',
      ])
        await storage.outbox.queue(message(id), 1000)
      expect(await storage.outbox.pendingByKind()).toEqual({
        confirmation: 3,
        shipped: 1,
        cancelled: 1,
        reset: 1,
        'email-changed': 1,
      })
      await storage.outbox.sent('order-MRD-A', 2000)
      expect((await storage.outbox.pendingByKind()).confirmation).toBe(2)
      expect(
        (await storage.outbox.about('order-MRD-A')).map((mail) => [mail.id, mail.status]),
      ).toEqual([
        ['order-MRD-A', 'sent'],
        ['order-MRD-A-shipped', 'waiting'],
      ])
      // A LIKE wildcard in a number is a letter: MRD-_ finds none of MRD-A's.
      expect(await storage.outbox.about('order-MRD-_')).toEqual([])
    })

    it('hands each due message to one sender, until it is sent or its lease runs out', async () => {
      const { location, storage } = await stocked()
      const other = await open(location)
      for (let i = 0; i < 6; i++) await storage.orders.place(placement({ takes: [] }, 1000))
      const now = 10_000_000_000_000
      const [first, second] = await Promise.all([
        storage.outbox.claim(now, 60_000, 4),
        other.outbox.claim(now, 60_000, 4),
      ])
      const ids = [...first, ...second].map((message) => message.id)
      expect(ids).toHaveLength(6)
      expect(new Set(ids).size).toBe(6)
      expect(first[0]).toMatchObject({ to: 'asha@example.com', html: 'h', attempts: 1 })
      // Claimed: no one else may, until the lease runs out.
      expect(await other.outbox.claim(now + 1000, 60_000, 10)).toEqual([])
      const [sent, failed, givenUp, ...rest] = ids
      await storage.outbox.sent(sent!, now)
      await storage.outbox.failed(failed!, 'connection refused', now + 5000)
      await storage.outbox.failed(givenUp!, 'mailbox unavailable', null)
      expect(await storage.outbox.pending()).toBe(4)
      const retried = await other.outbox.claim(now + 6000, 60_000, 10)
      expect(retried.map((message) => [message.id, message.attempts])).toEqual([[failed, 2]])
      const afterLease = await other.outbox.claim(now + 61_000, 60_000, 10)
      expect(afterLease.map((message) => message.id).sort()).toEqual([...rest].sort())
      expect(afterLease.every((message) => message.attempts === 2)).toBe(true)
    })
  })
}
