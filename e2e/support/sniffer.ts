import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

/**
 * HTML CodeSniffer (WCAG 2 AA, pa11y's default runner), a second opinion beside axe: its text
 * contrast checks measure the rating glyphs axe leaves to review.
 */
const HTMLCS = readFileSync(
  createRequire(import.meta.url).resolve('html_codesniffer/build/HTMLCS.js'),
  'utf8',
)

/** HTML CodeSniffer's errors on the page as it is (or in the part `within` selects). */
export async function snifferErrors(page: Page, within?: string): Promise<string[]> {
  await page.evaluate(HTMLCS)
  return page.evaluate(
    (selector) =>
      new Promise<string[]>((resolve) => {
        const sniffer = (window as unknown as { HTMLCS: Sniffer }).HTMLCS
        const content = selector ? document.querySelector(selector) : document
        if (!content) throw new Error(`nothing to check: ${selector}`)
        sniffer.process('WCAG2AA', content, () =>
          resolve(
            sniffer
              .getMessages()
              .filter((m) => m.type === 1)
              .map(
                (m) =>
                  `${m.code.split('.').slice(-2).join('.')} ${m.element.outerHTML.slice(0, 80)}`,
              ),
          ),
        )
      }),
    within,
  )
}
interface Sniffer {
  process(standard: string, content: Document | Element, done: () => void): void
  getMessages(): { type: number; code: string; element: Element }[]
}
