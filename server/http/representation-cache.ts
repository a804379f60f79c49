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
}

interface Entry<V> {
  value: V
  bytes: number
}

/**
 * A least-recently-used map of URL → representation (or another value kept per URL), bounded by
 * the bytes its entries hold: the catalogue never changes while the server runs, so an answer
 * computed once can be served until it is evicted, and arbitrary query strings cannot grow memory
 * past the bound, however large each answer is (a whole list is hundreds of kilobytes).
 */
export class RepresentationCache<V = Representation> {
  readonly #entries = new Map<string, Entry<V>>()
  readonly #maxBytes: number
  readonly #sizeOf: (value: V) => number
  #bytes = 0

  constructor({ maxBytes, sizeOf }: CacheOptions<V>) {
    this.#maxBytes = maxBytes
    this.#sizeOf = sizeOf ?? ((value) => representationBytes(value as Representation))
  }

  /** Entries kept. */
  get size(): number {
    return this.#entries.size
  }

  /** Bytes the entries hold, as last measured. */
  get bytes(): number {
    return this.#bytes
  }

  get maxBytes(): number {
    return this.#maxBytes
  }

  get(key: string): V | undefined {
    const hit = this.#entries.get(key)
    if (!hit) return undefined
    // Re-insert so Map order tracks recency; the first key is then the least recently used.
    this.#entries.delete(key)
    this.#entries.set(key, hit)
    return hit.value
  }

  getOrCreate(key: string, create: () => V): V {
    const hit = this.get(key)
    if (hit !== undefined) return hit
    const value = create()
    this.set(key, value)
    return value
  }

  /** Keeps `value` (measured by `sizeOf` unless `bytes` says), evicting the least recently used. */
  set(key: string, value: V, bytes = this.#sizeOf(value)): void {
    this.delete(key)
    const entry = { value, bytes: bytes + key.length * 2 + ENTRY_OVERHEAD_BYTES }
    this.#entries.set(key, entry)
    this.#bytes += entry.bytes
    this.#evict()
  }

  /** Measures an entry again after it grew (a compressed form added), or sets what it holds. */
  remeasure(key: string, bytes?: number): void {
    const entry = this.#entries.get(key)
    if (!entry) return
    const measured = (bytes ?? this.#sizeOf(entry.value)) + key.length * 2 + ENTRY_OVERHEAD_BYTES
    this.#bytes += measured - entry.bytes
    entry.bytes = measured
    this.#evict()
  }

  delete(key: string): void {
    const entry = this.#entries.get(key)
    if (!entry) return
    this.#entries.delete(key)
    this.#bytes -= entry.bytes
  }

  /** Drops the least recently used entries until the rest fit (an entry too large for the bound goes too). */
  #evict(): void {
    while (this.#bytes > this.#maxBytes) {
      const oldest = this.#entries.keys().next().value
      if (oldest === undefined) return
      this.delete(oldest)
    }
  }
}
