import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ApiApp } from '../app.ts'
import type { AppServer } from './pages.ts'

/** Where the client build keeps the router's manifest (build/router-manifest-plugin.ts). */
export const ROUTER_MANIFEST_FILE = '.vite/router-manifest.json'

/**
 * The manifest's entry, beside the routes', for the pages a 404 or a 500 shows (the not-found and
 * error pages, app/layout/index.ts), whose code no route names: see `statusPageHead`.
 */
export const STATUS_PAGES = '__status_pages__'

/** The build's two parts (build/build.ts): what browsers load, and the server's entry. */
export const clientDirOf = (distDir: string) => join(distDir, 'client')
const serverEntryOf = (distDir: string) => join(distDir, 'server', 'entry-server.js')

export type FetchApi = (request: Request, origin: string) => Promise<Response>

/**
 * Where the app's requests go while the server renders a page: to the site's own API, in-process
 * (no network; its answers name the page's origin in their picture URLs), or to another API
 * (VITE_API_URL) over the network.
 */
export function apiFetcher(api: ApiApp, externalApi: boolean): FetchApi {
  if (externalApi) return (request) => fetch(request)
  return (request, origin) => {
    const { pathname, search } = new URL(request.url)
    return Promise.resolve(api.fetch(new Request(`${origin}${pathname}${search}`, request)))
  }
}

/** The built app's server entry, ready to render pages; undefined before the first build. */
export async function loadAppServer(
  distDir: string,
  options: { fetchApi: FetchApi; siteUrl?: string; vitalsSampleRate?: number },
): Promise<AppServer | undefined> {
  const entry = serverEntryOf(distDir)
  if (!existsSync(entry)) return undefined
  const { createAppServer } = (await import(pathToFileURL(entry).href)) as {
    createAppServer: (options: object) => AppServer
  }
  const manifestPath = join(clientDirOf(distDir), ROUTER_MANIFEST_FILE)
  return createAppServer({
    ...options,
    ...(existsSync(manifestPath) &&
      manifestOptions(
        JSON.parse(readFileSync(manifestPath, 'utf8')) as RouterManifest,
        clientDirOf(distDir),
      )),
  })
}

/**
 * The build's manifest as the server's entry takes it: for the router (see forPages), and what a
 * page answered with a 404 or 500 adds to its head (see statusPageHead).
 */
export function manifestOptions<M extends RouterManifest>(manifest: M, clientDir: string) {
  const forRouter = forPages(manifest, clientDir)
  return { manifest: forRouter, statusPageHead: statusPageHead(forRouter) }
}

/**
 * What a page answered with a 404 or 500 adds to its head: the not-found and error pages'
 * stylesheets, inline as the route's are (the router adds only its matched routes'), and the
 * block that names them and their code to the app's start-up lines (see withAppAfterFirstPaint).
 * Without them that page's first screen came unstyled, and styled itself once the app loaded.
 */
export function statusPageHead(
  manifest: RouterManifest & { inlineCss?: { styles: Record<string, string> } },
): string {
  const route = manifest.routes[STATUS_PAGES]
  if (!route) return ''
  const css = (route.css ?? [])
    .map((link) => manifest.inlineCss?.styles[hrefOf(link)] ?? '')
    .join('')
  const blocks = (route.scripts ?? [])
    .filter(({ attrs }) => attrs?.['data-assets'] !== undefined)
    .map(({ children = '' }) => `<script type="application/json" data-assets>${children}</script>`)
  return `${css ? `<style>${css}</style>` : ''}${blocks.join('')}`
}

/** A file the router names: its address, or the address with attributes. */
type AssetLink = string | { href: string }
const hrefOf = (link: AssetLink) => (typeof link === 'string' ? link : link.href)

interface RouterManifest {
  routes: Record<
    string,
    {
      preloads?: AssetLink[]
      css?: AssetLink[]
      scripts?: { attrs?: Record<string, string>; children?: string }[]
    }
  >
}

/** The router's manifest as the server hands it to the router: see the two steps below. */
export const forPages = <M extends RouterManifest>(manifest: M, clientDir: string): M =>
  withInlineCss(withAppAfterFirstPaint(manifest), clientDir)

/**
 * The manifest with the text of every route's stylesheets, which the router then puts in each
 * page's head in place of their links (its `inlineCss`, as TanStack Start does): the first paint
 * needs no request beyond the HTML, where each stylesheet link would cost a slow connection a
 * round trip (and, over HTTP/1.1, a new connection). About 6 KB compressed on a catalogue page.
 * Later pages load their stylesheets as files, as before.
 */
export function withInlineCss<M extends RouterManifest>(manifest: M, clientDir: string): M {
  const styles: Record<string, string> = {}
  for (const route of Object.values(manifest.routes))
    for (const link of route.css ?? []) {
      styles[hrefOf(link)] ??= readFileSync(join(clientDir, hrefOf(link)), 'utf8')
    }
  return { ...manifest, inlineCss: { styles } }
}

/**
 * The manifest with the app's code started by a few inline lines once the page has painted, rather
 * than named in the HTML: the server's HTML is the first screen, and the app's code, the page's
 * largest download, then does not compete with it for a slow connection. The entry script becomes
 * those lines. Each route's chunks, which the router would name as `<link rel="modulepreload">`
 * in the head, and its stylesheets, which the page has inline, go into a JSON block those lines
 * read (`data-assets`). They preload the chunks beside the entry, so they are ready when it asks
 * for them. They name the stylesheets as links that are disabled (fetched never), which is how the
 * bundle's loader (Vite's, as the app loads a route's or a piece's code) knows the page has them:
 * it would otherwise fetch each again and restyle the page as it arrives, about 20 ms of a phone's
 * main thread each time.
 * Lighthouse's simulation agrees: a module script whose download starts before the largest paint
 * counts as holding it up (its module graph runs without the trace event that would clear it),
 * which put the entry's download, 130 KB, before every page's largest paint, and a route's chunks
 * (twelve on /checkout) after it.
 */
export function withAppAfterFirstPaint<M extends RouterManifest>(manifest: M): M {
  const routes = Object.fromEntries(
    Object.entries(manifest.routes).map(([id, { preloads = [], ...route }]) => {
      const scripts = (route.scripts ?? []).map((script) =>
        script.attrs?.type === 'module' && script.attrs.src
          ? { children: afterFirstPaint(script.attrs) }
          : script,
      )
      const assets = { preloads: preloads.map(hrefOf), styles: (route.css ?? []).map(hrefOf) }
      if (assets.preloads.length > 0 || assets.styles.length > 0)
        scripts.push({
          attrs: { type: 'application/json', 'data-assets': '' },
          children: JSON.stringify(assets).replaceAll('<', '\\u003c'),
        })
      return [id, scripts.length > 0 ? { ...route, scripts } : route]
    }),
  )
  return { ...manifest, routes }
}

/**
 * The lines that start the app: after the next paint, each route's stylesheets and chunks (the
 * JSON blocks above, which the router puts after these lines), then the entry itself. Each chunk's
 * preload and the entry are added in a task of their own, in that order: a link the browser starts
 * fetching costs the main thread about a millisecond, and a page's seven to twelve in one task
 * made it a long one on a slow phone. A tab in the background paints nothing, so there it is a
 * task later. The browser may paint before it has parsed the whole page: a block it has not read
 * to its end is left out (the app then fetches that route's chunks as it needs them, as on any
 * later page).
 */
const afterFirstPaint = (attrs: Record<string, string>) =>
  [
    '(function(a){',
    'function add(t,p){var e=document.createElement(t);for(var k in p)e.setAttribute(k,p[k]);',
    'document.head.appendChild(e)}',
    'function later(t,p){setTimeout(function(){add(t,p)})}',
    'function go(){',
    "document.querySelectorAll('script[data-assets]').forEach(function(b){",
    'var d;try{d=JSON.parse(b.textContent)}catch(e){return}',
    "d.styles.forEach(function(h){add('link',{rel:'stylesheet',href:h,disabled:''})});",
    "d.preloads.forEach(function(h){later('link',{rel:'modulepreload',href:h})})});",
    "later('script',a)}",
    "if(document.visibilityState==='hidden')setTimeout(go);",
    'else requestAnimationFrame(function(){setTimeout(go)})',
    `})(${JSON.stringify(attrs).replaceAll('<', '\\u003c')})`,
  ].join('')
