import { LRUCache } from 'lru-cache'
import type { Representation } from './representation.ts'

/** What keeping an entry costs besides its bytes: its key, the map's slot, the object itself. */
const ENTRY_OVERHEAD_BYTES = 512

/** The bytes a representation holds: its body and the compressed forms made of it so far. */
export function representationBytes(rep: Representation): number {
  let bytes = rep.body.length
  for (const variant of rep.variants.values()) bytes += variant.length
  return bytes
}

export interface CacheOptions<V> {
  /** The most the entries may hold together (decisions.md § Operations: bounded memory). */
  maxBytes: number
  /** What an entry holds; representations by default. Entries that grow say so with `remeasure`. */
  sizeOf?: (value: V) => number
  /**
   * How to make an entry that `fetch(key)` does not find: concurrent fetches of one key share one
   * call, and the entry is kept for `ttlMs` (on `now`'s clock) once made.
   */
  fetch?: {
    make: (key: string) => Promise<V>
    ttlMs: number
    /** What an entry being made counts for until it is made and measured. */
    makingBytes: number
    now?: () => number
  }
}

const entryBytes = (key: string, bytes: number) =>
  Math.max(1, Math.ceil(bytes)) + key.length * 2 + ENTRY_OVERHEAD_BYTES

/** Which entries show which products, so that a change to a product drops just those. */
class ProductIndex {
  readonly #keysOf = new Map<number, Set<string>>()
  readonly #productsOf = new Map<string, readonly number[]>()
  /** Changes so far, and the last one each product had. */
  changes = 0
  readonly #changedAt = new Map<number, number>()

  changed(productIds: readonly number[]) {
    this.changes += 1
    for (const id of productIds) this.#changedAt.set(id, this.changes)
  }

  /** Whether one of these products changed after change number `since`. */
  changedSince(productIds: readonly number[], since: number) {
    return productIds.some((id) => (this.#changedAt.get(id) ?? 0) > since)
  }

  add(key: string, productIds: readonly number[]) {
    this.remove(key)
    this.#productsOf.set(key, productIds)
    for (const id of productIds) {
      let keys = this.#keysOf.get(id)
      if (!keys) this.#keysOf.set(id, (keys = new Set()))
      keys.add(key)
    }
  }

  remove(key: string) {
    for (const id of this.#productsOf.get(key) ?? []) {
      const keys = this.#keysOf.get(id)
      keys?.delete(key)
      if (keys?.size === 0) this.#keysOf.delete(id)
    }
    this.#productsOf.delete(key)
  }

  productsOf = (key: string) => this.#productsOf.get(key)

  keysOf(productIds: readonly number[]): Set<string> {
    return new Set(productIds.flatMap((id) => [...(this.#keysOf.get(id) ?? [])]))
  }
}

/**
 * A least-recently-used map of URL → representation (or another value kept per URL), bounded by
 * the bytes its entries hold (lru-cache): an answer computed once is served until it is evicted,
 * or until a product it shows changes (its stock: `forget`), and arbitrary query strings cannot
 * grow memory past the bound, however large each answer is (a whole list is hundreds of
 * kilobytes). An entry larger than the bound is not kept.
 */
export class RepresentationCache<V extends object = Representation> extends LRUCache<string, V> {
  readonly #sizeOf: (value: V) => number
  readonly #products: ProductIndex

  constructor({ maxBytes, sizeOf, fetch }: CacheOptions<V>) {
    const measure = sizeOf ?? ((value: V) => representationBytes(value as Representation))
    const products = new ProductIndex()
    super({
      maxSize: maxBytes,
      sizeCalculation: (value, key) => entryBytes(key, measure(value)),
      // An entry gone (evicted, deleted, stale) shows no product any more.
      dispose: (_value, key, reason) => {
        if (reason !== 'set') products.remove(key)
      },
      ...(fetch && {
        fetchMethod: (key: string) => fetch.make(key),
        ttl: fetch.ttlMs,
        // Each lookup reads the clock (lru-cache would reuse a reading for 1 ms of real time).
        ttlResolution: 0,
        backgroundFetchSize: fetch.makingBytes,
        ...(fetch.now && { perf: { now: fetch.now } }),
      }),
    })
    this.#sizeOf = measure
    this.#products = products
  }

  /**
   * Says which products an entry shows: a change to one of them drops it (`forget`). An entry
   * made from data read at change number `since` (`changes`) that one of them has had since is
   * dropped at once.
   */
  showsProducts(key: string, productIds: readonly number[], since?: number): void {
    if (since !== undefined && this.#products.changedSince(productIds, since)) this.delete(key)
    else if (this.has(key)) this.#products.add(key, productIds)
  }

  /** Drops every entry that shows one of these products (their stock changed). */
  forget(productIds: readonly number[]): void {
    this.#products.changed(productIds)
    for (const key of this.#products.keysOf(productIds)) this.delete(key)
  }

  /** How many changes the cache has been told of: what an entry's data was read at. */
  get changes(): number {
    return this.#products.changes
  }

  /** Bytes the entries hold, as last measured. */
  get bytes(): number {
    return this.calculatedSize
  }

  get maxBytes(): number {
    return this.maxSize
  }

  getOrCreate(key: string, create: () => V): V {
    const hit = this.get(key)
    if (hit !== undefined) return hit
    const value = create()
    this.set(key, value)
    return value
  }

  /** Measures an entry again after it grew (a compressed form added), keeping its time to live. */
  remeasure(key: string): void {
    const value = this.peek(key)
    if (value === undefined) return
    const ttl = this.ttl ? Math.max(1, this.getRemainingTTL(key)) : undefined
    const products = this.#products.productsOf(key)
    // lru-cache keeps an entry's size when it is set again to the same value: set it anew.
    this.delete(key)
    this.set(key, value, { size: entryBytes(key, this.#sizeOf(value)), ttl })
    if (products) this.showsProducts(key, products)
  }
}
