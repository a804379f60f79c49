import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createProductSearch, QUERY_LIMITS, queryCost, queryWords } from './product-search.ts'

/**
 * A query's work is bounded whatever it holds (decisions.md § Search limits): the server runs the
 * same rules for any address on the internet, and the browser for whatever the box holds.
 */
const { characters, words: maxWords, wordLength, typoLength } = QUERY_LIMITS
// Each word of each alternative (the words, and each neighbouring pair joined): the word itself
// and, up to typoLength letters, its swapped-letter variants.
const MAX_LOOKUPS = maxWords * maxWords * typoLength

const products = [
  { id: 1, title: 'Wireless Headphones', category: 'smartphones', rating: 4.5, brand: 'Sony' },
  { id: 2, title: 'Leather Sofa', category: 'furniture', rating: 4.1, brand: 'Oak & Co' },
  { id: 3, title: 'Dash Cam Pro', category: 'automotive', rating: 3.9 },
]
const search = createProductSearch(products)

describe('the bound on one query', () => {
  it('reads the first 100 characters and 6 words, each of at most 30 letters', () => {
    expect(queryWords('one two three four five six seven eight')).toEqual([
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
    ])
    expect(queryWords(`${'x'.repeat(99)} headphones`)).toEqual(['x'.repeat(wordLength)])
    expect(queryWords(`${'a '.repeat(60)}`)).toHaveLength(maxWords)
  })

  it('cuts after the text is normalised too, so a character that expands cannot pass the limit', () => {
    // U+FDFA expands to 18 letters and 3 spaces under compatibility normalisation.
    const words = queryWords('\uFDFA'.repeat(characters))
    expect(words.length).toBeLessThanOrEqual(maxWords)
    expect(words.every((word) => word.length <= wordLength)).toBe(true)
  })

  it('looks typos up only for words short enough, and a lone letter is no prefix', () => {
    expect(queryCost('chandeleir').typoLookups).toBeGreaterThan(0)
    expect(queryCost('c'.repeat(typoLength + 1)).typoLookups).toBe(0)
    expect(search.search('w')).toEqual([])
    expect(search.search('wi').map((match) => match.id)).toEqual([1])
  })

  it('keeps every query within the same number of lookups, whatever it holds', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 3000 }),
          fc.string({ unit: 'binary', maxLength: 3000 }),
          fc
            .array(fc.stringMatching(/^[a-z]{1,40}$/), { maxLength: 200 })
            .map((list) => list.join(' ')),
        ),
        (query) => {
          const cost = queryCost(query)
          expect(cost.words).toBeLessThanOrEqual(maxWords)
          expect(cost.lookups).toBeLessThanOrEqual(MAX_LOOKUPS)
          expect(cost.typoLookups).toBeLessThanOrEqual(cost.lookups)
          // The search itself accepts it, and finds only products it was given.
          for (const match of search.search(query)) expect([1, 2, 3]).toContain(match.id)
        },
      ),
      { numRuns: 300 },
    )
    // 300 queries of up to 3,000 characters: seconds of work on a busy machine, and no waiting.
  }, 60_000)

  it('answers a query of 2,000 characters as its first 100 say', () => {
    const long = `wireless headphones ${'zz '.repeat(700)}`
    expect(queryWords(long)).toEqual(queryWords(long.slice(0, characters)))
    expect(search.search(long)).toEqual(search.search(long.slice(0, characters)))
  })
})

describe('options (rules.md § Options and variants)', () => {
  it('finds a product by one of its options’ values, with the rest of the query in its title', () => {
    const sold = createProductSearch([
      ...products,
      {
        id: 4,
        title: 'Air Runner',
        category: 'mens-shoes',
        rating: 4,
        options: [{ values: ['9', '10'] }, { values: ['Black', 'White'] }],
      },
      { id: 5, title: 'Air Walker', category: 'mens-shoes', rating: 4.9 },
    ])
    expect(sold.search('air 10').map(({ id }) => id)).toEqual([4])
    expect(sold.search('white air runner').map(({ id }) => id)).toEqual([4])
    expect(sold.search('air').map(({ id }) => id)).toEqual([5, 4])
  })
})
