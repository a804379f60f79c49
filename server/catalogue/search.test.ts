import { describe, expect, it } from 'vitest'
import { loadCatalogue } from './catalogue.ts'
import { typosAllowed } from '../../shared/search/product-search.ts'
import { singular, stem, words } from '../../shared/search/words.ts'

/**
 * The catalogue's search (search.ts) over the bundled catalogue, with the queries shoppers type on
 * a phone: each finds the product it means first, or among the first three.
 */
const catalogue = loadCatalogue()
const titles = (query: string) => catalogue.search(query).map((product) => product.title)

describe('words and their forms', () => {
  it('splits at anything but letters and digits, lower case, accents dropped', () => {
    expect(words('  Crème-Brûlée T-Shirt, 3-Pack! ')).toEqual([
      'creme',
      'brulee',
      't',
      'shirt',
      '3',
      'pack',
    ])
  })

  it('reads plurals as their singular, and leaves other words alone', () => {
    expect(
      ['bulbs', 'batteries', 'watches', 'glasses', 'boxes', 'shoes', 'dresses'].map(singular),
    ).toEqual(['bulb', 'battery', 'watch', 'glass', 'box', 'shoe', 'dress'])
    expect(['dress', 'ios', 'plus', 'lens', 'bus', 'iris'].map(singular)).toEqual([
      'dress',
      'ios',
      'plus',
      'len',
      'bus',
      'iris',
    ])
  })

  it("drops an '-ing' when four letters stay", () => {
    expect(['lighting', 'clothing', 'racing', 'ring', 'lightings'].map(stem)).toEqual([
      'light',
      'cloth',
      'racing',
      'ring',
      'light',
    ])
  })

  it('allows one typo from 5 letters and two from 9', () => {
    expect(['lamp', 'helmt', 'chandelir', 'chandelier'].map(typosAllowed)).toEqual([0, 1, 2, 2])
  })
})

describe('a search finds what the shopper meant', () => {
  it.each([
    // typos
    ['iphnoe', /^iPhone/],
    ['macbok air', /^MacBook Air/],
    ['samsnug galaxy', /^Samsung Galaxy/],
    ['sunglases', /Sunglasses$/],
    ['helmett', /Helmet/],
    ['chandeleir', /^Crystal Chandelier/],
    ['cofee beans', /^Arabica Whole Bean Coffee/],
    // any word order
    ['laptop apple', /^MacBook/],
    ['sofa leather', /^Italian Leather Reclining Sofa/],
    ['dress black', /^Little Black Cocktail Dress/],
    ['lamp floor', /^Mid-Century Arc Floor Lamp/],
    ['table oak', /^Solid Oak Dining Table/],
    // plurals, joined and split words, prefixes
    ['light bulbs', /Bulb/],
    ['dashcam', /Dash Cam/],
    ['dash cam', /Dash Cam/],
    ['tshirt', /T-Shirt/],
    ['t shirt', /T-Shirt/],
    ['casio gshock', /^Casio G-Shock/],
    ['phone mount', /Phone Mount/],
    ['car phone mount', /Phone Mount/],
    ['macb', /^MacBook/],
  ])('%s', (query, meant) => {
    const found = titles(query)
    expect(
      found.slice(0, 3).some((title) => meant.test(title)),
      found.join(' | '),
    ).toBe(true)
  })

  it('every word must match: a word no product has finds nothing', () => {
    expect(titles('xqzvwkj')).toEqual([])
    expect(titles('macbook xqzvwkj')).toEqual([])
  })

  it('ranks a title match above one in the description, and exact words above typos', () => {
    const found = catalogue.search('helmet')
    expect(found[0]?.title).toMatch(/Helmet/)
    const lastTitleMatch = found.findLastIndex((product) => /helmet/i.test(product.title))
    const firstOtherMatch = found.findIndex((product) => !/helmet/i.test(product.title))
    if (firstOtherMatch >= 0) expect(lastTitleMatch).toBeLessThan(firstOtherMatch)
  })

  it('still finds what the query spells inside a longer word, after the word matches', () => {
    const found = titles('phone')
    // A product with the word first ('Phone Mount'), then iPhones and smartphones (DummyJSON's rule).
    expect(found[0]).toMatch(/Phone/)
    expect(found.some((title) => title.startsWith('iPhone'))).toBe(true)
  })

  it('answers every product for an empty query, in catalogue order', () => {
    expect(catalogue.search('  ')).toEqual(catalogue.products)
  })
})
