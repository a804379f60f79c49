import { beforeAll, describe, expect, it } from 'vitest'
import type { SdttResult } from 'structured-data-testing-tool'
import { pngSize } from '../testing/png.ts'
import { setUpTestSite } from './test/test-site.ts'

const { page, site } = setUpTestSite()
const PAGES = ['/', '/product/1', '/product/109']
const html = new Map<string, string>()

// structured-data-testing-tool changes what the app's render sees once loaded (its dependencies
// set globals up): the pages are rendered first, and the tool loaded after.
beforeAll(async () => {
  for (const path of PAGES) html.set(path, (await page(path)).html)
})

describe('link previews', () => {
  it.each([
    ['/', 'site.png', 'Meridian'],
    ['/products', 'site.png', 'Meridian'],
    ['/products/laptops', 'categories/laptops.png', 'Laptops'],
    ['/product/109', 'products/109.png', 'Leather Oxford Dress Shoes'],
    ['/search?q=phone', 'site.png', 'Meridian'],
    ['/customer-service/warranty', 'site.png', 'Meridian'],
  ])(
    '%s: a 1200 × 630 PNG the site serves, its size, its alt text and the locale',
    async (path, image, alt) => {
      const { meta } = await page(path)
      const url = `http://shop.test/api/images/previews/${image}`
      expect(meta('og:image')).toBe(url)
      expect(meta('og:image:width')).toBe('1200')
      expect(meta('og:image:height')).toBe('630')
      expect(meta('og:image:alt')).toBe(alt)
      expect(meta('og:locale')).toBe('en_US')
      expect(meta('twitter:card')).toBe('summary_large_image')
      expect(meta('twitter:image')).toBe(url)
      expect(meta('twitter:image:alt')).toBe(alt)
      const picture = await site().request(url)
      expect(picture.status).toBe(200)
      expect(picture.headers.get('Content-Type')).toBe('image/png')
      expect(pngSize(new Uint8Array(await picture.arrayBuffer()))).toEqual([1200, 630])
    },
  )

  it('has none on a page that does not exist', async () => {
    const { meta } = await page('/nope/nothing')
    expect(meta('og:image')).toBeUndefined()
    expect(meta('twitter:card')).toBe('summary')
  })
})

describe('link previews and structured data, as third-party checkers read them', () => {
  it.each(PAGES)(
    '%s passes structured-data-testing-tool with its Google, Facebook and X presets',
    async (path) => {
      const { default: sdtt } = await import('structured-data-testing-tool')
      const { default: presets } = await import('structured-data-testing-tool/presets.js')
      const { Google, Twitter, Facebook } = presets
      const result = await sdtt
        .structuredDataTest(html.get(path) ?? '', { presets: [Google, Twitter, Facebook] })
        .then(
          (res: SdttResult) => res,
          (error: { res?: SdttResult; message?: string }) =>
            error.res ?? { failed: [{ description: error.message }], passed: [], warnings: [] },
        )
      expect(result.failed.map((test) => test.description)).toEqual([])
      expect(result.passed.length).toBeGreaterThan(10)
    },
  )
})
