import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AssetLink, PageManifest } from '../../shared/pages/app-server.ts'

/** Where the client build keeps the router's manifest (build/router-manifest-plugin.ts). */
export const ROUTER_MANIFEST_FILE = '.vite/router-manifest.json'

/**
 * The manifest's entry, beside the routes', for the pages a 404 or a 500 shows (the not-found and
 * error pages, app/layout/index.ts), whose code no route names: see `statusPageHead`.
 */
export const STATUS_PAGES = '__status_pages__'

/**
 * The build's manifest as the server's entry takes it: for the router (see forPages), and what a
 * page answered with a 404 or 500 adds to its head (see statusPageHead).
 */
export function manifestOptions(manifest: PageManifest, clientDir: string, startApp: string) {
  const forRouter = forPages(manifest, clientDir, startApp)
  return { manifest: forRouter, statusPageHead: statusPageHead(forRouter) }
}

/**
 * What a page answered with a 404 or 500 adds to its head: the not-found and error pages'
 * stylesheets, inline as the route's are (the router adds only its matched routes'), and the
 * block that names them and their code to the app's start-up lines (see withAppAfterFirstPaint).
 * Without them that page's first screen came unstyled, and styled itself once the app loaded.
 */
export function statusPageHead(manifest: PageManifest): string {
  const route = manifest.routes[STATUS_PAGES]
  if (!route) return ''
  const css = (route.css ?? [])
    .map((link) => manifest.inlineCss?.styles[hrefOf(link)] ?? '')
    .join('')
  const preloads = (route.preloads ?? []).map(
    (link) => `<link rel="modulepreload" href="${hrefOf(link)}" fetchpriority="low">`,
  )
  const blocks = (route.scripts ?? [])
    .filter(({ attrs }) => attrs?.['data-assets'] !== undefined)
    .map(({ children = '' }) => `<script type="application/json" data-assets>${children}</script>`)
  return `${css ? `<style>${css}</style>` : ''}${preloads.join('')}${blocks.join('')}`
}

const hrefOf = (link: AssetLink) => (typeof link === 'string' ? link : link.href)

/**
 * The router's manifest as the server hands it to the router: see the two steps below. `startApp`
 * is the text of the app's start-up script (src/start-app.script.ts, built with the server's entry).
 */
export const forPages = (
  manifest: PageManifest,
  clientDir: string,
  startApp: string,
): PageManifest => withInlineCss(withAppAfterFirstPaint(manifest, startApp), clientDir)

/**
 * The manifest with the text of every route's stylesheets, which the router then puts in each
 * page's head in place of their links (its `inlineCss`, as TanStack Start does): the first paint
 * needs no request beyond the HTML, where each stylesheet link would cost a slow connection a
 * round trip (and, over HTTP/1.1, a new connection). About 6 KB compressed on a catalogue page.
 * Later pages load their stylesheets as files, as before.
 */
export function withInlineCss(manifest: PageManifest, clientDir: string): PageManifest {
  const styles: Record<string, string> = {}
  for (const route of Object.values(manifest.routes))
    for (const link of route.css ?? []) {
      styles[hrefOf(link)] ??= readFileSync(join(clientDir, hrefOf(link)), 'utf8')
    }
  return { ...manifest, inlineCss: { styles } }
}

/**
 * The manifest with the app's code fetched as the HTML arrives and started by a few inline lines
 * once the page has painted (`startApp`, src/start-app.script.ts): the entry script becomes those
 * lines, given the entry's attributes as `data-entry`, and the entry joins the route's chunks as a
 * `<link rel="modulepreload" fetchpriority="low">` in the head, so the browser fetches and
 * compiles the app while it paints the HTML and runs nothing before the first paint (decisions.md
 * § Server rendering, taps before takeover; the figures are in docs/performance.md). The route's stylesheets, which the page has inline, go into a JSON block
 * those lines read (`data-assets`) and name as disabled links: that is how Vite's loader knows the
 * page has them, where it would fetch each again and restyle the page.
 */
export function withAppAfterFirstPaint(manifest: PageManifest, startApp: string): PageManifest {
  const routes = Object.fromEntries(
    Object.entries(manifest.routes).map(([id, route]) => {
      const entries: string[] = []
      const scripts = (route.scripts ?? []).map((script) => {
        if (script.attrs?.type !== 'module' || !script.attrs.src) return script
        entries.push(script.attrs.src)
        return { attrs: { 'data-entry': JSON.stringify(script.attrs) }, children: startApp }
      })
      const styles = (route.css ?? []).map(hrefOf)
      if (styles.length > 0)
        scripts.push({
          attrs: { type: 'application/json', 'data-assets': '' },
          children: JSON.stringify({ styles }).replaceAll('<', '\\u003c'),
        })
      const preloads = [...entries, ...(route.preloads ?? [])]
      return [id, { ...route, preloads, scripts }]
    }),
  )
  return { ...manifest, routes }
}
