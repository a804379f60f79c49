import { beforeAll, describe, expect, it } from 'vitest'
import type { SdttResult } from 'structured-data-testing-tool'
import { setUpTestSite } from './test/test-site.ts'

const { page } = setUpTestSite()
const PAGES = ['/', '/product/1', '/product/109']
const html = new Map<string, string>()

// structured-data-testing-tool changes what the app's render sees once loaded (its dependencies
// set globals up): the pages are rendered first, and the tool loaded after.
beforeAll(async () => {
  for (const path of PAGES) html.set(path, (await page(path)).html)
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
