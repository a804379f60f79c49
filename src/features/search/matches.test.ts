import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { keepMatchedTerms, matchedTerms, matchedTermsOf } from './matches.ts'

const products = [
  { id: 1, title: 'iPhone 15 Pro', category: 'smartphones', rating: 4.5, brand: 'Apple' },
  { id: 2, title: 'Galaxy S24 phone case', category: 'mobile-accessories', rating: 4.1 },
  { id: 3, title: 'Desk lamp', category: 'home-decoration', rating: 3.9 },
]

describe('the matched terms the server keeps for the app', () => {
  it('reads back what matchedTerms finds, for the same query and products', () => {
    const queryClient = new QueryClient()
    keepMatchedTerms(queryClient, products, 'phone')
    const kept = matchedTermsOf(queryClient, products, 'phone')
    expect(kept).toEqual(matchedTerms(products, 'phone'))
    expect(kept.get(2)?.has('phone')).toBe(true)
    expect(kept.has(3)).toBe(false)
  })

  it('takes the kept answer rather than searching the products again', () => {
    const queryClient = new QueryClient()
    keepMatchedTerms(queryClient, products, 'phone')
    // The same products in a cache restored from the server: their titles are not searched again.
    const renamed = products.map((product) => ({ ...product, title: 'Renamed' }))
    expect(matchedTermsOf(queryClient, renamed, 'phone').get(1)).toEqual(
      matchedTerms(products, 'phone').get(1),
    )
  })

  it('searches when nothing was kept for this query or these products', () => {
    const queryClient = new QueryClient()
    keepMatchedTerms(queryClient, products, 'phone')
    const lamp = matchedTermsOf(queryClient, products, 'lamp')
    expect([...lamp.keys()]).toEqual([3])
    expect(lamp.get(3)?.has('lamp')).toBe(true)
    const more = [...products, { id: 4, title: 'Phone stand', category: 'x', rating: 1 }]
    expect(matchedTermsOf(queryClient, more, 'phone').get(4)?.has('phone')).toBe(true)
  })
})
