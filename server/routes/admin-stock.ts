import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import * as v from 'valibot'
import { variantLabel } from '../../shared/catalogue/variant-label.ts'
import type { Clock } from '../clock.ts'
import { Refusal } from '../http/refusal.ts'
import type { Logger } from '../observability/logger.ts'
import { loggerOf, type RequestRecord } from '../observability/request-log.ts'
import type { LiveStock } from '../orders/live-stock.ts'
import type { StockChange, StockLevel, StockStore } from '../orders/stock-store.ts'
import { parseListQuery } from './list-query.ts'

/** A line of stock as a request names it: a product, and its variant's SKU when it has options. */
const line = {
  productId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  sku: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(80))),
}
const lines = <T extends v.ObjectEntries>(entries: T) =>
  v.pipe(v.array(v.object({ ...line, ...entries })), v.minLength(1), v.maxLength(1000))

const setSchema = lines({
  stock: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
})
const SET_EXPECTED = 'expected [{ productId, sku?, stock }], stock a whole number from 0'

const moveSchema = lines({
  by: v.pipe(v.number(), v.integer(), v.minValue(-1_000_000), v.maxValue(1_000_000)),
})
const MOVE_EXPECTED =
  'expected [{ productId, sku?, by }], by a whole number (+ a delivery, − a loss)'

/** At most this many characters of a search are read. */
const MAX_QUERY = 100

export interface AdminStockDeps {
  stock: StockStore
  live: LiveStock
  clock: Clock
  logger?: Logger
}

type Env = { Bindings: Partial<RequestRecord> }

const keyOf = (level: { productId: number; sku: string | null }) =>
  `${level.productId}/${level.sku ?? ''}`

/** A change as answered: the SKU only for a variant's. */
const answered = ({ productId, sku, before, stock }: StockChange) => ({
  productId,
  ...(sku !== null && { sku }),
  before,
  stock,
})

/**
 * ours: the operator's stock (docs/api.md § Operator), behind the admin routes' check: every
 * level, lowest first, searched by product or SKU; a level set after a count (PUT), or moved by a
 * delivery or a loss (PATCH), relative to the level as it stands, so it never races an order.
 */
export function adminStockRoutes({ stock, live, clock, logger }: AdminStockDeps) {
  /** The body as `schema` reads it, each line once, each naming a level the catalogue has. */
  function linesOf<T extends { productId: number; sku?: string | undefined }>(
    body: unknown,
    schema: v.GenericSchema<unknown, T[]>,
    expected: string,
  ): (T & { sku: string | null })[] {
    const result = v.safeParse(schema, body)
    if (!result.success) throw new HTTPException(400, { message: `Invalid body: ${expected}` })
    const seen = new Set<string>()
    return result.output.map((given) => {
      const resolved = { ...given, sku: skuOf(given.productId, given.sku) }
      if (seen.has(keyOf(resolved)))
        throw new HTTPException(400, { message: 'Invalid body: each product or variant once' })
      seen.add(keyOf(resolved))
      return resolved
    })
  }

  /** The stored SKU of a line: a variant's, or null for a product sold without options. */
  function skuOf(productId: number, sku: string | undefined): string | null {
    const product = live.catalogue.byId(productId)
    if (!product) throw new HTTPException(400, { message: `Unknown product ${productId}` })
    if (product.variants) {
      if (product.variants.some((variant) => variant.sku === sku)) return sku ?? null
      throw new HTTPException(400, {
        message: sku
          ? `Product ${productId} has no variant ${sku}`
          : `Product ${productId} is sold in options: name the variant's sku`,
      })
    }
    if (sku !== undefined && sku !== product.sku)
      throw new HTTPException(400, { message: `Product ${productId} has no variant ${sku}` })
    return null
  }

  /** A level as the operator reads it: its product's title, its variant's options in words. */
  function described(level: StockLevel) {
    const product = live.catalogue.byId(level.productId)
    if (!product) return undefined
    const variant = product.variants?.find((candidate) => candidate.sku === level.sku)
    const label = variant && variantLabel(product.options, variant)
    return {
      productId: level.productId,
      sku: level.sku ?? product.sku,
      title: product.title,
      ...(label && { label }),
      stock: level.stock,
    }
  }

  const json = async (c: { req: { json: () => Promise<unknown> } }) =>
    c.req.json().catch(() => {
      throw new HTTPException(400, { message: 'Invalid JSON body' })
    })

  return new Hono<Env>()
    .get('/', async (c) => {
      const { limit, skip } = parseListQuery((name) => c.req.query(name))
      const query = (c.req.query('q') ?? '').trim().toLowerCase().slice(0, MAX_QUERY)
      const found = (await stock.all())
        .flatMap((level) => described(level) ?? [])
        .filter(
          (level) =>
            query === '' ||
            String(level.productId) === query ||
            `${level.title} ${level.label ?? ''}`.toLowerCase().includes(query) ||
            level.sku.toLowerCase().includes(query),
        )
        .sort(
          (a, b) =>
            a.stock - b.stock ||
            a.title.localeCompare(b.title) ||
            (a.label ?? '').localeCompare(b.label ?? ''),
        )
      const page = found.slice(skip, limit === 0 ? undefined : skip + limit)
      return c.json({ lines: page, total: found.length, skip, limit: page.length })
    })
    .put('/', async (c) => {
      const levels = linesOf(await json(c), setSchema, SET_EXPECTED)
      const changes = await stock.set(levels, clock.now())
      if (!changes) throw new HTTPException(400, { message: 'Unknown product or variant' })
      for (const change of changes)
        loggerOf(c.env, logger).info({ stockChange: change }, 'stock set')
      return c.json(changes.map(answered))
    })
    .patch('/', async (c) => {
      const moves = linesOf(await json(c), moveSchema, MOVE_EXPECTED)
      const result = await stock.move(moves, clock.now())
      if ('unknown' in result)
        throw new HTTPException(400, { message: 'Unknown product or variant' })
      if ('below' in result)
        throw new Refusal(409, 'Not enough stock for some lines: nothing was moved', {
          fields: {
            lines: result.below.map(({ productId, sku, stock: level }) => ({
              productId,
              ...(sku !== null && { sku }),
              available: level,
            })),
          },
        })
      for (const change of result.moved)
        loggerOf(c.env, logger).info({ stockChange: change }, 'stock moved')
      return c.json(result.moved.map(answered))
    })
}
