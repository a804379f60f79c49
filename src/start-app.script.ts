/**
 * The lines that start the app, in place of the entry's script tag (withAppAfterFirstPaint,
 * server/pages/router-manifest.ts), which gives them the entry's attributes as this script's
 * `data-entry` (JSON). After the next paint: the route's stylesheets, which the page has inline,
 * named as disabled links from the JSON blocks after this script (`data-assets`), so that Vite's
 * loader knows the page has them; then, in a task of its own, the entry itself (already fetched,
 * or on its way). A tab in the background paints nothing, so there it is a task later. The
 * browser may paint before it has parsed the whole page: a block it has not read to its end is
 * left out (the bundle's loader then fetches that stylesheet if a piece asks for it).
 */
const entry = JSON.parse(document.currentScript?.dataset.entry ?? '{}') as Record<string, string>

function add(tag: string, attributes: Record<string, string>) {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.head.append(element)
}

function start() {
  for (const block of document.querySelectorAll('script[data-assets]')) {
    let assets: { styles: string[] }
    try {
      assets = JSON.parse(block.textContent) as { styles: string[] }
    } catch {
      continue
    }
    for (const href of assets.styles) add('link', { rel: 'stylesheet', href, disabled: '' })
  }
  setTimeout(() => add('script', entry))
}

if (document.visibilityState === 'hidden') setTimeout(start)
else requestAnimationFrame(() => setTimeout(start))
