import type { Representation } from './representation.ts'

/**
 * A bounded least-recently-used map of URL → representation (or another value kept per URL). The catalogue never changes while
 * the server runs, so an answer computed once can be served until it is evicted; the bound keeps
 * arbitrary query strings from growing memory without limit.
 */
export class RepresentationCache<V = Representation> {
  readonly #entries = new Map<string, V>()
  readonly #capacity: number

  constructor(capacity: number) {
    this.#capacity = capacity
  }

  get size(): number {
    return this.#entries.size
  }

  get(key: string): V | undefined {
    const hit = this.#entries.get(key)
    if (hit) {
      // Re-insert so Map order tracks recency; the first key is then the least recently used.
      this.#entries.delete(key)
      this.#entries.set(key, hit)
    }
    return hit
  }

  getOrCreate(key: string, create: () => V): V {
    const hit = this.get(key)
    if (hit) return hit
    const value = create()
    this.set(key, value)
    return value
  }

  set(key: string, value: V): void {
    this.#entries.delete(key)
    this.#entries.set(key, value)
    if (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
  }

  delete(key: string): void {
    this.#entries.delete(key)
  }
}
