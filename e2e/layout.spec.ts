import { expect, test } from './support/fixtures.ts'
import { layoutProblems } from './support/layout-rules.ts'
import { SCENES } from './support/scenes.ts'
import { settle, useSystemTheme } from './support/settle.ts'

/**
 * The layout sweep (rules.md § Responsive layout): every route of the route table, and the states that open over a
 * page, at every width a shopper's screen is likely to have, in both themes, portrait and
 * landscape, as a signed-in shopper with a filled cart, a saved address and a placed order. After
 * each page is idle, the rules of support/layout-rules.ts are checked with the browser's own
 * geometry; a failure names the page, the width and the element.
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

for (const viewport of VIEWPORTS) {
  test(`layout at ${viewport.width} × ${viewport.height} px, light and dark`, async ({ page }) => {
    // About thirty page loads, each scrolled through so its carousels set up, and checked in both
    // themes: the app follows the system's theme as it changes, so each page is loaded once.
    test.setTimeout(120_000)
    await page.setViewportSize(viewport)
    const { width } = viewport
    const problems: string[] = []
    // The address of the page on screen, settled and left as it loaded (no scene opened on it):
    // a scene on the same address opens over it instead of loading it again.
    let untouched: string | undefined
    for (const scene of SCENES) {
      if (scene.at && !scene.at(width)) continue
      await test.step(scene.name, async () => {
        if (untouched === scene.path) await useSystemTheme(page, 'light')
        else {
          await page.emulateMedia({ colorScheme: 'light' })
          await page.goto(scene.path)
          await settle(page)
        }
        await scene.open?.(page, width)
        untouched = scene.open ? undefined : scene.path
        for (const theme of ['light', 'dark'] as const) {
          await useSystemTheme(page, theme)
          const found = await layoutProblems(page, { touchTargets: width <= PHONE_MAX })
          for (const problem of found)
            problems.push(`${scene.name} (${scene.path}) at ${width} px, ${theme}: ${problem}`)
        }
      })
    }
    expect(problems).toEqual([])
  })
}
