import { describe, expect, it } from 'vitest'
import { CATEGORY_SLUGS } from '../../shared/catalogue/categories.ts'
import { contrast } from './palette.ts'
import { renderProductImage, type ImageSubject } from './product-image.ts'
import { wrapText } from './text.ts'

const CATEGORIES = CATEGORY_SLUGS
const VARIANTS = ['thumbnail', 1, 2, 3, 4] as const
const LONG_TITLE =
  'Annibale Colombo Extra Large Hand Stitched Italian Leather Sofa With Solid Walnut Frame'

const subject = (overrides: Partial<ImageSubject> = {}): ImageSubject => ({
  id: 1,
  title: 'iPhone 15 Pro',
  brand: 'Apple',
  category: 'smartphones',
  ...overrides,
})

const unescape = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&')

/** Throws unless every tag is well-formed and closed in order. */
function assertWellFormed(svg: string) {
  expect(svg.startsWith('<svg ')).toBe(true)
  expect(svg.endsWith('</svg>')).toBe(true)
  const open: string[] = []
  let rest = svg
  while (rest) {
    const tag = /^<(\/?)([a-zA-Z][\w-]*)((?:\s+[\w:-]+="[^"<&]*(?:&\w+;[^"<&]*)*")*)\s*(\/?)>/.exec(
      rest,
    )
    if (tag) {
      const [whole, closing, name, , selfClosing] = tag
      if (closing) expect(open.pop(), `closing </${name}>`).toBe(name)
      else if (!selfClosing) open.push(name!)
      rest = rest.slice(whole.length)
      continue
    }
    const text = /^[^<]+/.exec(rest)
    if (!text) throw new Error(`malformed markup at: ${rest.slice(0, 60)}`)
    // A bare ampersand or a control character would make the XML invalid.
    expect(text[0]).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos);)/)
    expect([...text[0]].filter((ch) => ch < ' ' && !'\t\n\r'.includes(ch))).toEqual([])
    rest = rest.slice(text[0].length)
  }
  expect(open).toEqual([])
}

const textLines = (svg: string) =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => unescape(m[1]!))
const titleElement = (svg: string) => unescape(/<title>([^<]*)<\/title>/.exec(svg)![1]!)
const illustration = (svg: string) =>
  /<g transform="[^"]*">(.*?)<\/g>(?:<g font-family|<\/svg>)/.exec(svg)![1]!

describe('renderProductImage', () => {
  it('returns byte-identical output for the same subject and variant', () => {
    for (const variant of VARIANTS) {
      expect(renderProductImage(subject(), variant)).toBe(renderProductImage(subject(), variant))
    }
  })

  it('gives each photo of a product and its thumbnail a different picture', () => {
    const images = VARIANTS.map((variant) => renderProductImage(subject(), variant))
    expect(new Set(images).size).toBe(VARIANTS.length)
  })

  it('gives two products of one category different looks even with the same title', () => {
    for (const variant of VARIANTS) {
      const a = renderProductImage(subject({ id: 1 }), variant)
      const b = renderProductImage(subject({ id: 2 }), variant)
      expect(a).not.toBe(b)
    }
  })

  it('draws a distinct illustration for every category', () => {
    const drawings = CATEGORIES.map((category) =>
      illustration(renderProductImage(subject({ category }), 1)),
    )
    expect(new Set(drawings).size).toBe(CATEGORIES.length)
  })

  it.each(['garden-gnomes', '', 'constructor', '__proto__'])(
    'renders a neutral default look for the unknown category %j',
    (category) => {
      const svg = renderProductImage(subject({ category }), 2)
      assertWellFormed(svg)
      const known = CATEGORIES.map((c) =>
        illustration(renderProductImage(subject({ category: c }), 2)),
      )
      expect(known).not.toContain(illustration(svg))
      expect(illustration(svg)).toBe(
        illustration(renderProductImage(subject({ category: 'x' }), 2)),
      )
    },
  )

  it('makes square 600 px photos and 300 px thumbnails', () => {
    for (const variant of [1, 2, 3, 4]) {
      expect(renderProductImage(subject(), variant)).toMatch(
        /^<svg [^>]*viewBox="0 0 600 600" width="600" height="600"/,
      )
    }
    expect(renderProductImage(subject(), 'thumbnail')).toMatch(
      /^<svg [^>]*viewBox="0 0 300 300" width="300" height="300"/,
    )
  })

  it('is well-formed and accessible for every category and variant', () => {
    for (const category of CATEGORIES) {
      for (const variant of VARIANTS) {
        const svg = renderProductImage(subject({ category, title: LONG_TITLE }), variant)
        assertWellFormed(svg)
        expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"')
        expect(svg).toContain('role="img"')
        expect(titleElement(svg)).toBe(LONG_TITLE)
      }
    }
  })

  it('captions photos with brand and title, and keeps thumbnails free of text', () => {
    expect(textLines(renderProductImage(subject(), 1))).toEqual(['Apple', 'iPhone 15 Pro'])
    expect(renderProductImage(subject(), 'thumbnail')).not.toContain('<text')
  })

  it('wraps a long title onto two lines ending in an ellipsis', () => {
    const [brand, ...lines] = textLines(renderProductImage(subject({ title: LONG_TITLE }), 1))
    expect(brand).toBe('Apple')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(/\S…$/)
    expect(LONG_TITLE.startsWith(`${lines[0]} ${lines[1]!.slice(0, -1)}`)).toBe(true)
  })

  it('escapes markup in title and brand', () => {
    const title = `<script>alert("x")</script> Tom & Jerry's`
    const svg = renderProductImage(subject({ title, brand: `<b>&"'` }), 1)
    assertWellFormed(svg)
    expect(svg).not.toMatch(/<script|<b>/)
    expect(svg).toContain('&lt;script&gt;')
    expect(svg).toContain('&amp;')
    expect(svg).toContain('&quot;')
    expect(svg).toContain('&apos;')
    expect(titleElement(svg)).toBe(title)
    expect(textLines(svg)[0]).toBe(`<b>&"'`)
  })

  it('drops characters that XML cannot carry', () => {
    const svg = renderProductImage(subject({ title: 'Lamp\u0000 \u001fX\ud800' }), 1)
    assertWellFormed(svg)
    expect(titleElement(svg)).toBe('Lamp X')
  })

  it('never references anything outside the document', () => {
    for (const category of [...CATEGORIES, 'unknown']) {
      for (const variant of VARIANTS) {
        const svg = renderProductImage(subject({ category }), variant)
        const body = svg.replace('xmlns="http://www.w3.org/2000/svg"', '')
        expect(body).not.toMatch(/http|href=|<image|<script|<foreignObject|<style|style=|@import/i)
        // Paint servers may only point at the document's own definitions.
        for (const paint of body.match(/url\([^)]*\)/g) ?? []) {
          expect(paint).toMatch(/^url\(#[\w-]+\)$/)
        }
      }
    }
  })

  it('stays under 4 KB for long titles and brands in every category', () => {
    for (const category of [...CATEGORIES, 'unknown']) {
      for (const variant of VARIANTS) {
        const svg = renderProductImage(
          subject({ category, title: LONG_TITLE.repeat(3), brand: 'Brand & Sons '.repeat(8) }),
          variant,
        )
        expect(Buffer.byteLength(svg)).toBeLessThan(4096)
      }
    }
  })

  it('keeps caption text at WCAG AA contrast on its backdrop', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21)
    expect(contrast('#767676', '#ffffff')).toBeGreaterThan(4.5)
    expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5)
    for (const category of [...CATEGORIES, 'unknown']) {
      for (const id of [1, 2, 3, 4, 5]) {
        for (const variant of [1, 2, 3, 4]) {
          const svg = renderProductImage(subject({ id, category }), variant)
          const floor = /<path d="M0 [^"]*" fill="(#[0-9a-f]{6})"/.exec(svg)![1]!
          const gradient = /<linearGradient .*?<\/linearGradient>/.exec(svg)![0]
          const wall = [...gradient.matchAll(/stop-color="(#[0-9a-f]{6})"/g)]
          expect(wall).toHaveLength(2)
          const inks = [...svg.matchAll(/<text [^>]*fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]!)
          expect(inks).toHaveLength(2)
          for (const ink of inks) {
            for (const backdrop of [floor, ...wall.map((m) => m[1]!)]) {
              expect(contrast(ink, backdrop)).toBeGreaterThanOrEqual(4.5)
            }
          }
        }
      }
    }
  })

  it.each([0, 5, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1', 'small'])(
    'throws a RangeError for variant %s',
    (variant) => {
      expect(() => renderProductImage(subject(), variant as number)).toThrow(RangeError)
    },
  )
})

describe('wrapText', () => {
  it('keeps a short title on one line', () => {
    expect(wrapText('Red Shoes', 520, 28, 2)).toEqual(['Red Shoes'])
  })

  it('breaks a word too long for any line', () => {
    const lines = wrapText('x'.repeat(60), 200, 20, 2)
    expect(lines).toHaveLength(2)
    expect(lines[1]!.endsWith('…')).toBe(true)
  })

  it('does not split characters outside the Basic Multilingual Plane', () => {
    const lines = wrapText('👜'.repeat(40), 200, 20, 2)
    expect(lines.join('')).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/)
  })
})
