import { JSDOM } from 'jsdom'
import { expect, it } from 'vitest'
import START_APP_SCRIPT from './start-app.script.ts?inline-script'

/**
 * The lines that start the app (start-app.script.ts), run as a page's head runs them: in a
 * document of their own whose scripts run, with the entry's attributes as the server's manifest
 * gives them (server/pages/router-manifest.ts) and the page's `data-assets` blocks after them.
 */
function page(blocks: string[]) {
  const entry = JSON.stringify({ type: 'module', src: '/assets/index-abc.js' }).replaceAll(
    '"',
    '&quot;',
  )
  const html = `<!doctype html><html><head></head><body>
    <script data-entry="${entry}">${START_APP_SCRIPT}</script>
    ${blocks.map((block) => `<script type="application/json" data-assets>${block}</script>`).join('')}
  </body></html>`
  return new JSDOM(html, { runScripts: 'dangerously', pretendToBeVisual: true }).window
}

const added = (window: { document: Document }) =>
  [...window.document.head.children].map((element) =>
    Object.fromEntries([...element.attributes].map(({ name, value }) => [name, value])),
  )

it('after the first paint, names the inline stylesheets as disabled links, then adds the entry', async () => {
  const window = page([JSON.stringify({ styles: ['/assets/a.css', '/assets/b.css'] })])
  // Nothing runs before the page has painted.
  expect(added(window)).toEqual([])
  await expect.poll(() => added(window).length).toBe(3)
  expect(added(window)).toEqual([
    { rel: 'stylesheet', href: '/assets/a.css', disabled: '' },
    { rel: 'stylesheet', href: '/assets/b.css', disabled: '' },
    { type: 'module', src: '/assets/index-abc.js' },
  ])
  window.close()
})

it('skips a block it cannot read, and still starts the app', async () => {
  const window = page(['{"styles": ["/assets/a.c', JSON.stringify({ styles: ['/assets/c.css'] })])
  await expect.poll(() => added(window).length).toBe(2)
  expect(added(window)).toEqual([
    { rel: 'stylesheet', href: '/assets/c.css', disabled: '' },
    { type: 'module', src: '/assets/index-abc.js' },
  ])
  window.close()
})
