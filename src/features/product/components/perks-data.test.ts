import { describe, expect, it } from 'vitest'
import { perksFor } from './perks-data.ts'

const words = (terms: Parameters<typeof perksFor>[0]) =>
  perksFor(terms).map(({ title, text }) => [title, text])

describe("the perks say the product's own terms (rules.md § Product page)", () => {
  it('are the spec’s four where the data is silent', () => {
    expect(words({}).map(([title]) => title)).toEqual([
      '5 Year Warranty',
      'Free Gift Boxing',
      'Free Shipping and Returns',
      'Customize and Monogram',
    ])
  })

  it.each([
    ['2 year warranty', '2 Year Warranty', 'Repairs or replacement, free, for 2 years.'],
    ['1 year warranty', '1 Year Warranty', 'Repairs or replacement, free, for 1 year.'],
    ['6 months warranty', '6 Months Warranty', 'Repairs or replacement, free, for 6 months.'],
    ['1 week warranty', '1 Week Warranty', 'Repairs or replacement, free, for 1 week.'],
    ['Lifetime warranty', 'Lifetime Warranty', 'Repairs or replacement, free, for its lifetime.'],
    ['No warranty', 'No Warranty', 'This product comes without a warranty.'],
    ['Covered by the maker', 'Warranty', 'This product: Covered by the maker.'],
  ])('names the warranty %j as the product has it: %s', (warrantyInformation, title, text) => {
    expect(words({ warrantyInformation })[0]).toEqual([title, text])
  })

  it.each([
    [
      '30 days return policy',
      'Free Shipping and Returns',
      'Delivered free; returns free for 30 days.',
    ],
    [
      '7 days return policy',
      'Free Shipping and Returns',
      'Delivered free; returns free for 7 days.',
    ],
    ['No return policy', 'Free Shipping', 'Delivered free. This product cannot be returned.'],
  ])('says the return policy %j: %s', (returnPolicy, title, text) => {
    expect(words({ returnPolicy })[2]).toEqual([title, text])
  })
})
