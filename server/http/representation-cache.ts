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

/**
 * A least-recently-used map of URL → representation (or another value kept per URL), bounded by
 * the bytes its entries hold (lru-cache): the catalogue never changes while the server runs, so an
 * answer computed once can be served until it is evicted, and arbitrary query strings cannot grow
 * memory past the bound, however large each answer is (a whole list is hundreds of kilobytes).
 * An entry larger than the bound is not kept.
 */
export class RepresentationCache<V extends object = Representation> extends LRUCache<string, V> {
  readonly #sizeOf: (value: V) => number

  constructor({ maxBytes, sizeOf, fetch }: CacheOptions<V>) {
    const measure = sizeOf ?? ((value: V) => representationBytes(value as Representation))
    super({
      maxSize: maxBytes,
      sizeCalculation: (value, key) => entryBytes(key, measure(value)),
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
    // lru-cache keeps an entry's size when it is set again to the same value: set it anew.
    this.delete(key)
    this.set(key, value, { size: entryBytes(key, this.#sizeOf(value)), ttl })
  }
}
