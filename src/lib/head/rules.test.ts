import { describe, expect, it } from 'vitest'
import { canonicalUrl, documentTitle, summary } from './rules.ts'

describe('page heads', () => {
  it('titles a page after the brand, home by what the shop sells', () => {
    expect(documentTitle('Meridian', 'Your Cart')).toBe('Your Cart | Meridian')
    expect(documentTitle('Acme')).toBe('Acme | Gifts, fashion, tech and home')
  })

  it('shortens a description at a word, to what a search result shows', () => {
    expect(summary('  A short\n text.  ')).toBe('A short text.')
    const long = `${'word '.repeat(40)}end`
    const short = summary(long)
    expect(short.length).toBeLessThanOrEqual(155)
    expect(short).toMatch(/^word( word)*…$/)
    expect(summary('x'.repeat(200))).toBe(`${'x'.repeat(154)}…`)
  })

  it('gives a page one address: no search params, no trailing slash', () => {
    expect(canonicalUrl('https://shop.example', '/products/')).toBe('https://shop.example/products')
    expect(canonicalUrl('https://shop.example', '/')).toBe('https://shop.example/')
    expect(canonicalUrl('https://shop.example', '/product/1')).toBe(
      'https://shop.example/product/1',
    )
  })
})
