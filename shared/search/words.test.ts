import { describe, expect, it } from 'vitest'
import { createProductSearch } from './product-search.ts'
import { markMatches } from './words.ts'

const marked = (text: string, terms: Iterable<string>) =>
  markMatches(text, new Set(terms))
    .filter((part) => part.matched)
    .map((part) => part.text)

describe('markMatches', () => {
  it('marks the words whose form matched, keeping the text as it was written', () => {
    expect(markMatches('Apple MacBook Air, 13"', new Set(['macbook', 'air']))).toEqual([
      { text: 'Apple ', matched: false },
      { text: 'MacBook Air', matched: true },
      { text: ', 13"', matched: false },
    ])
  })

  it('marks a plural by its singular and an accented word by its plain form', () => {
    expect(marked('LED Light Bulbs', ['bulb'])).toEqual(['Bulbs'])
    expect(marked('Crème Brûlée', ['creme'])).toEqual(['Crème'])
  })

  it('marks both words of a pair matched joined', () => {
    expect(marked('Blue T-Shirt', ['tshirt'])).toEqual(['T-Shirt'])
    expect(marked('Car Dash Cam', ['dashcam'])).toEqual(['Dash Cam'])
    // A word matched alone is not marked again with its neighbour: 'iphone' also matches 'iphone13'.
    expect(marked('iPhone 13 mini', ['iphone', 'iphone13'])).toEqual(['iPhone'])
  })

  it('marks nothing without matched terms', () => {
    expect(markMatches('Apple Watch', new Set())).toEqual([{ text: 'Apple Watch', matched: false }])
  })

  it('marks what the search matched: a typo marks the word it meant', () => {
    const products = [
      { id: 1, title: 'iPhone 13 Pro', category: 'smartphones', rating: 4 },
      { id: 2, title: 'Leather Sofa', category: 'furniture', rating: 4 },
    ]
    const [match] = createProductSearch(products).search('iphnoe pro')
    expect(match?.id).toBe(1)
    expect(marked('iPhone 13 Pro', match?.terms ?? [])).toEqual(['iPhone', 'Pro'])
  })
})
