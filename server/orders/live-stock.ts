import { availabilityFor } from '../catalogue/derive.ts'
import type { Catalogue, StoredProduct } from '../catalogue/catalogue.ts'
import type { Storage } from '../storage/storage.ts'
import type { StockLevel } from './stock-store.ts'

const keyOf = (productId: number, sku: string | null) => `${productId}\n${sku ?? ''}`

/** The levels the bundled catalogue starts with: a product's own, or each of its variants'. */
export function catalogueLevels(catalogue: Catalogue): StockLevel[] {
  return catalogue.products.flatMap((product): StockLevel[] =>
    product.variants
      ? product.variants.map((variant) => ({
          productId: product.id,
          sku: variant.sku,
          stock: variant.stock,
        }))
      : [{ productId: product.id, sku: null, stock: product.stock }],
  )
}

/** Called with the products whose stock this replica now shows differently. */
export type StockChangeListener = (productIds: readonly number[]) => void

/**
 * The catalogue as it stands now: the bundled products with the stock the database holds, which
 * orders take and operators set on any replica (rules.md § Stock). The database is seeded from the
 * bundled catalogue on first start and is the truth after: a restart never resets what was sold.
 * This replica keeps a copy of every level, updated as the storage tells of each committed change
 * (its own at once, the others' through the database's notifications), and tells its listeners
 * which products' answers and pages no longer hold.
 */
export interface LiveStock {
  /** The catalogue with the levels as this replica last heard them. */
  readonly catalogue: Catalogue
  /** The level of a product (`sku` null) or of one of its variants. */
  level(productId: number, sku: string | null): number | undefined
  /** Calls `listener` on every change this replica hears of, until the function it returns is called. */
  onChange(listener: StockChangeListener): () => void
  /** Stops listening to the storage. */
  close(): void
}

export async function openLiveStock(
  base: Catalogue,
  storage: Pick<Storage, 'stock'>,
): Promise<LiveStock> {
  await storage.stock.seed(catalogueLevels(base))
  const levels = new Map<string, number>()
  const listeners = new Set<StockChangeListener>()
  // Each product with its live stock, made when first asked for after a change.
  const stocked = new Map<number, StoredProduct>()
  let all: readonly StoredProduct[] | undefined

  function apply(changed: readonly StockLevel[]) {
    const touched = new Set<number>()
    for (const { productId, sku, stock } of changed) {
      const key = keyOf(productId, sku)
      if (levels.get(key) === stock) continue
      levels.set(key, stock)
      touched.add(productId)
    }
    if (touched.size === 0) return
    for (const id of touched) stocked.delete(id)
    all = undefined
    for (const listener of listeners) listener([...touched])
  }

  for (const level of await storage.stock.all())
    levels.set(keyOf(level.productId, level.sku), level.stock)

  // Every committed change, this replica's at once and the others' as they are told (a level
  // taken twice changes nothing): the levels themselves, or, when they were too many to carry or
  // a notice may have been missed, read from the database.
  const unlisten = storage.stock.onChanged((notice) => {
    if (notice && 'levels' in notice) return apply(notice.levels)
    const read = notice ? storage.stock.of(notice.productIds) : storage.stock.all()
    read.then(apply, () => undefined)
  })

  function withStock(product: StoredProduct): StoredProduct {
    const { variants } = product
    if (!variants) {
      const stock = levels.get(keyOf(product.id, null)) ?? product.stock
      return { ...product, stock, availabilityStatus: availabilityFor(stock) }
    }
    const live = variants.map((variant) => {
      const stock = levels.get(keyOf(product.id, variant.sku)) ?? variant.stock
      return { ...variant, stock, availabilityStatus: availabilityFor(stock) }
    })
    const stock = live.reduce((sum, variant) => sum + variant.stock, 0)
    return { ...product, stock, availabilityStatus: availabilityFor(stock), variants: live }
  }

  const byId = (id: number) => {
    const product = base.byId(id)
    if (!product) return undefined
    let live = stocked.get(id)
    if (!live) {
      live = withStock(product)
      stocked.set(id, live)
    }
    return live
  }
  const live = (products: readonly StoredProduct[]) =>
    products.map((product) => byId(product.id) ?? product)

  const catalogue: Catalogue = {
    get products() {
      return (all ??= live(base.products))
    },
    categories: base.categories,
    byId,
    inCategory: (slug) => live(base.inCategory(slug)),
    search: (query) => live(base.search(query)),
  }

  return {
    catalogue,
    level: (productId, sku) => levels.get(keyOf(productId, sku)),
    onChange(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    close: unlisten,
  }
}
