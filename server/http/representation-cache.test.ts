import { describe, expect, it } from 'vitest'
import { encodedBody, jsonRepresentation } from './representation.ts'
import { RepresentationCache, representationBytes } from './representation-cache.ts'

/** The answer and page caches are bounded by what they hold, not by how many (decisions.md § Operations). */
describe('RepresentationCache', () => {
  const rep = (size: number) => jsonRepresentation('x'.repeat(size))

  it('keeps the most recently used entries that fit its bytes, evicting the least recently used', () => {
    const cache = new RepresentationCache({ maxBytes: 350_000 })
    cache.set('a', rep(100_000))
    cache.set('b', rep(100_000))
    cache.set('c', rep(100_000))
    expect(cache.get('a')).toBeDefined() // a is now the most recently used
    cache.set('d', rep(100_000))
    expect(cache.get('b')).toBeUndefined()
    expect(['a', 'c', 'd'].every((key) => cache.get(key))).toBe(true)
    expect(cache.size).toBe(3)
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes)
  })

  it('counts the compressed forms an entry gains once it is measured again', () => {
    const cache = new RepresentationCache({ maxBytes: 10 * 2 ** 20 })
    const kept = rep(50_000)
    cache.set('a', kept)
    const before = cache.bytes
    encodedBody(kept, 'gzip')
    cache.remeasure('a')
    expect(cache.bytes - before).toBe(representationBytes(kept) - kept.body.length)
  })

  it('keeps no entry larger than its bound, and forgets what it deletes', () => {
    const cache = new RepresentationCache({ maxBytes: 10_000 })
    cache.set('big', rep(20_000))
    expect(cache.get('big')).toBeUndefined()
    expect(cache.bytes).toBe(0)
    cache.set('small', rep(10))
    cache.delete('small')
    expect(cache.size).toBe(0)
    expect(cache.bytes).toBe(0)
  })

  it('holds no more than its bound for any number of distinct keys', () => {
    const cache = new RepresentationCache({ maxBytes: 2 * 2 ** 20 })
    for (let i = 0; i < 1000; i += 1) cache.set(`/api/products?limit=0&v=${i}`, rep(30_000))
    expect(cache.bytes).toBeLessThanOrEqual(2 * 2 ** 20)
    expect(cache.size).toBeLessThan(70)
  })
})
