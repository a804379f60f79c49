import { describe, expect, it } from 'vitest'
import { hasControlCharacters } from './plain-text.ts'

describe('plain text', () => {
  it('refuses line breaks, control characters, separators and reordering controls', () => {
    for (const text of [
      'a\nb',
      'a\rb',
      'a\tb',
      'bell\u0007',
      'del\u007F',
      'c1\u0085',
      'ls\u2028',
      'ps\u2029',
      'rlo\u202E',
      'isolate\u2066',
    ])
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true)
  })

  it('takes every script’s letters, accents, joiners and punctuation', () => {
    for (const text of [
      'Asha Verma',
      'Zoë O’Brien-Smith',
      'क्‍ष',
      'شارع ١٢',
      '12/3, 2nd Cross',
      '東京都',
    ])
      expect(hasControlCharacters(text), text).toBe(false)
  })
})
