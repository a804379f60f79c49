import { readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Context } from 'hono'
import {
  createRepresentation,
  isCompressible,
  type Representation,
} from '../http/representation.ts'
import { RepresentationCache } from '../http/representation-cache.ts'
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, respond } from '../http/respond.ts'
import { createPageBuilder, type Page, type PageOptions } from './pages.ts'

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
 * extension is a page of the app: index.html with that page's head, status and preload hints
 * (pages.ts), built once per URL and kept in `pages` (bounded).
 */
export interface SpaOptions extends PageOptions {
  pages?: RepresentationCache<Page>
}

export function createSpaHandler(
  distDir: string,
  { pages = new RepresentationCache<Page>(500), ...options }: SpaOptions = {},
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
  const buildPage = createPageBuilder(distDir, index.body.toString('utf8'), options)

  /** The page for a URL; absolute URLs in it depend on the origin: one page per origin. */
  const pageFor = async (url: URL): Promise<Page> => {
    const key = `page:${url.origin}${url.pathname}${url.search}`
    const cached = pages.get(key)
    if (cached) return cached
    const page = await buildPage(url)
    return pages.getOrCreate(key, () => page)
  }

  return async (c) => {
    const path = c.req.path
    const file = files.get(path)
    // The build's own records (.vite/: manifests) are for the server, not for the public.
    if (file && path !== '/index.html' && !path.startsWith('/.vite/')) {
      return respond(c, file, {
        cacheControl: path.startsWith('/assets/') ? CACHE_IMMUTABLE : CACHE_REVALIDATE,
      })
    }
    // A missing file (a name with an extension) is a 404; anything else is a page of the app,
    // even with a dot in it (/product/1.5), whose head and status say whether it exists.
    const lastSegment = path.slice(path.lastIndexOf('/') + 1)
    if (/\.[a-z][a-z0-9]{0,7}$/i.test(lastSegment) && path !== '/index.html')
      return c.text('Not found', 404)
    const page = await pageFor(new URL(c.req.url))
    if (page.status === 301) return c.redirect(page.location, 301)
    return respond(c, page.representation, { cacheControl: CACHE_REVALIDATE, status: page.status })
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
