import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { layoutProblems } from './support/layout-rules.ts'
import { SCENES, type Scene } from './support/scenes.ts'
import { settle, useSystemTheme } from './support/settle.ts'

/**
 * The layout sweep (rules.md § Responsive layout): every route of the route table, and the states that open over a
 * page, at every width a shopper's screen is likely to have, in both themes, portrait and
 * landscape, as a signed-in shopper with a filled cart, a saved address and a placed order. After
 * each page is idle, the rules of support/layout-rules.ts are checked with the browser's own
 * geometry; a failure names the page, the width and the element.
 *
 * One test per address. Its page is loaded once and then resized through the widths, as a window
 * dragged narrower or a tablet turned, and settled again at each (support/settle.ts): loading
 * it again at each width had been most of the browser suite's time (13 loads of every page,
 * docs/testing.md § How long it takes). A scene that opens something over the page (a modal, a
 * menu, a form) changes it, so the page is loaded again after it, at the next scene's width.
 * What a page does as it loads at a width of its own is checked where pages are loaded at 390 and
 * 1280 px or more: the visual baselines, the accessibility scans and the journeys.
 */
const WIDTHS = [320, 360, 390, 414, 768, 820, 1024, 1180, 1280, 1440, 1920]
/** Touch-target sizes are checked at phone widths. */
const PHONE_MAX = 414

const VIEWPORTS = [
  ...WIDTHS.map((width) => ({ width, height: width < 768 ? 844 : 900 })),
  // Phones on their side.
  { width: 844, height: 390 },
  { width: 667, height: 375 },
]

type Theme = 'light' | 'dark'
const other = (theme: Theme): Theme => (theme === 'light' ? 'dark' : 'light')

/** The scenes by address, in the table's order: those of one address share its page. */
const ADDRESSES = [...new Set(SCENES.map((scene) => scene.path))].map((path) => ({
  path,
  scenes: SCENES.filter((scene) => scene.path === path),
}))

/**
 * The page's problems at its width, in both themes: in the one it shows first (`first`), then in
 * the other, which it is left in (the next width starts there: one switch a width, not two).
 */
async function check(page: Page, scene: Scene, width: number, first: Theme): Promise<string[]> {
  const problems: string[] = []
  for (const theme of [first, other(first)]) {
    await useSystemTheme(page, theme)
    const found = await layoutProblems(page, { touchTargets: width <= PHONE_MAX })
    for (const problem of found)
      problems.push(`${scene.name} (${scene.path}) at ${width} px, ${theme}: ${problem}`)
  }
  return problems
}

for (const { path, scenes } of ADDRESSES) {
  test(`layout of ${path} at every width, light and dark: ${scenes.map((s) => s.name).join('; ')}`, async ({
    page,
  }) => {
    // Each width settled and checked in both themes, and a load again after each scene that
    // opens something.
    test.setTimeout(20_000 + 8_000 * VIEWPORTS.length * scenes.length)
    const problems: string[] = []
    // Whether the page on screen is as it loaded (nothing opened over it): then a new width is a
    // resize of it, else a load.
    let untouched = false
    // The theme the page is in: each check ends in the other one.
    let theme: Theme = 'light'
    for (const viewport of VIEWPORTS) {
      const { width } = viewport
      await test.step(`${width} × ${viewport.height} px`, async () => {
        await page.setViewportSize(viewport)
        // Resized, not loaded again: what the scroll-through started has started.
        if (untouched) await settle(page, { scroll: false })
        for (const scene of scenes) {
          if (scene.at && !scene.at(width)) continue
          if (!untouched) {
            theme = 'light'
            await page.emulateMedia({ colorScheme: theme })
            await page.goto(path)
            await settle(page)
          }
          await scene.open?.(page, width)
          untouched = !scene.open
          problems.push(...(await check(page, scene, width, theme)))
          theme = other(theme)
        }
      })
    }
    expect(problems).toEqual([])
  })
}
