import { test } from './support/fixtures.ts'
import { fileName, readyForPicture, SCENES } from './support/scenes.ts'
import { settle } from './support/settle.ts'

/**
 * `npm run shots`: a full-page picture of every scene (every route, and the states that open over
 * them) at phone, tablet and desktop widths in both themes, written to shots/ (or SHOTS_DIR) for a
 * person to look at. Nothing is asserted here: the layout sweep and the visual baselines guard.
 */
const WIDTHS = [390, 768, 1024, 1440]
const folder = process.env.SHOTS_DIR ?? 'shots'

for (const theme of ['light', 'dark'] as const) {
  for (const width of WIDTHS) {
    test(`${width} px, ${theme}`, async ({ page }) => {
      // About thirty pages and their pictures: about 35 s measured.
      test.setTimeout(120_000)
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 })
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
      for (const scene of SCENES) {
        if (scene.at && !scene.at(width)) continue
        await page.goto(scene.path)
        await settle(page)
        await scene.open?.(page, width)
        const path = `${folder}/${fileName(scene.name)}-${width}-${theme}.png`
        await page.screenshot({ path, ...(await readyForPicture(page, scene)) })
      }
    })
  }
}
