import { describe, expect, it } from 'vitest'
import { promoFor } from './promo.ts'

describe('promo codes (rules.md § Validation rules)', () => {
  it.each([
    ['FLAT50', 50, true],
    ['flat50', 50, true],
    ['  Flat50 ', 50, true],
    ['FLAT5', 5, false],
    ['SUMMER', 5, false],
  ])('%s gives %d off', (code, discount, valid) => {
    expect(promoFor(code)).toEqual({ code: valid ? 'FLAT50' : code.trim(), discount, valid })
  })

  it('gives nothing for an empty code', () => {
    expect(promoFor('')).toBeUndefined()
    expect(promoFor('   ')).toBeUndefined()
  })
})
