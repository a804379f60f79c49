import { readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Context } from 'hono'
import {
  createRepresentation,
  isCompressible,
  type Representation,
} from '../http/representation.ts'
import type { RepresentationCache } from '../http/representation-cache.ts'
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, respond } from '../http/respond.ts'
import { hintsFor, loadRouteHints } from './route-hints.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/** Best-effort brotli 11 / gzip 9 in the background; until done, requests get a quick on-demand variant. */
function precompress(rep: Representation): void {
  if (!isCompressible(rep)) return
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_SIZE_HINT]: rep.body.length,
  }
  brotliCompress(rep.body, { params }, (error, out) => error || rep.variants.set('br', out))
  gzip(rep.body, { level: 9 }, (error, out) => error || rep.variants.set('gzip', out))
}

export type SpaHandler = (c: Context) => Response | Promise<Response>

/**
 * Serves a built SPA from memory: every file of `dist/` is read once at start (a few hundred KB),
 * so a request can only ever reach a file that the build produced: no path traversal by design.
 * Hashed files under /assets/ are immutable; everything else revalidates. A path without a file
 * extension is a client route and gets index.html (history fallback).
 */
export interface SpaOptions {
  /** Pages with their route's hints, built once per URL and kept (bounded); none without it. */
  pages?: RepresentationCache
  /** The site's API, asked in-process for the images a page's first screen shows. */
  fetchApi?: (request: Request) => Response | Promise<Response>
  /**
   * Whether the built app reads this site's own API (/api): only then are a route's first API
   * request and images hinted. An app built for another API (VITE_API_URL) gets its code hinted only.
   */
  ownApi?: boolean
}

export function createSpaHandler(
  distDir: string,
  { pages, fetchApi, ownApi = true }: SpaOptions = {},
): SpaHandler {
  const files = new Map<string, Representation>()
  for (const path of filesUnder(distDir)) {
    const urlPath = `/${relative(distDir, path).split(sep).join('/')}`
    const rep = createRepresentation(
      readFileSync(path),
      TYPES[extname(path)] ?? 'application/octet-stream',
    )
    files.set(urlPath, rep)
    precompress(rep)
  }
  const index = files.get('/index.html')
  if (!index) throw new Error(`${distDir} has no index.html`)
  const hints = loadRouteHints(distDir)
  const html = index.body.toString('utf8')

  /** index.html with the preload hints of the route asked for (see route-hints.ts). */
  const pageFor = async (c: Parameters<SpaHandler>[0]): Promise<Representation> => {
    if (!pages) return index
    const url = new URL(c.req.url)
    // Image URLs in the hints are absolute, as the API answers them: one page per origin.
    const key = `page:${url.origin}${url.pathname}${url.search}`
    const cached = pages.get(key)
    if (cached) return cached
    const api = fetchApi && (async (path: string) => fetchApi(new Request(new URL(path, url))))
    // With search params (filters, sort) the first request differs: no data hint then either.
    const dataHints = ownApi && url.search.length <= 1
    const links = await hintsFor(hints, url.pathname, !dataHints, api)
    if (!links) return index
    return pages.getOrCreate(key, () =>
      createRepresentation(
        html.includes('</head>')
          ? html.replace('</head>', `${links}</head>`)
          : html.replace(/^(<!doctype html>)?/i, `$1${links}`),
        index.type,
      ),
    )
  }

  return async (c) => {
    const path = c.req.path
    const file = files.get(path)
    if (file && path !== '/index.html') {
      return respond(c, file, {
        cacheControl: path.startsWith('/assets/') ? CACHE_IMMUTABLE : CACHE_REVALIDATE,
      })
    }
    // A missing file (a name with an extension) is a 404; anything else is a client route, even
    // with a dot in it (/product/1.5), and gets the app, whose not-found page then answers.
    const lastSegment = path.slice(path.lastIndexOf('/') + 1)
    if (/\.[a-z][a-z0-9]{0,7}$/i.test(lastSegment) && path !== '/index.html')
      return c.text('Not found', 404)
    return respond(c, await pageFor(c), { cacheControl: CACHE_REVALIDATE })
  }
}

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Meridian catalogue API</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Meridian catalogue API</h1>
<p>The catalogue API is running at <a href="/api/products">/api</a>.
The storefront has not been built yet, so there is no page to show here.</p>
</body></html>`

/** What `/` shows while the project has no SPA to serve. */
export const placeholderHandler: SpaHandler = (c) => {
  if (c.req.path !== '/') return c.text('Not found', 404)
  return c.html(PLACEHOLDER)
}
