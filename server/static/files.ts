import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Context } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import {
  createRepresentation,
  isCompressible,
  type Representation,
} from '../http/representation.ts'
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, respond } from '../http/respond.ts'

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

/**
 * The client build's files (dist/client), read once at start (a few hundred KB) and served from
 * memory, so a request can only ever reach a file that the build produced: no path traversal by
 * design. Hashed files under /assets/ are immutable; everything else revalidates. The build's own
 * records (.vite/: manifests) are for the server, not for the public. Undefined for a path that
 * is no file of the build (a page, or a 404). Not @hono/node-server's serveStatic: it reads the
 * disk on every request and falls through to the pages for a name it cannot find, where this
 * answers from memory with the shared ETag and compressed forms (http/representation.ts).
 */
export function createFileHandler(clientDir: string) {
  const files = new Map<string, Representation>()
  for (const path of filesUnder(clientDir)) {
    const urlPath = `/${relative(clientDir, path).split(sep).join('/')}`
    if (urlPath.startsWith('/.vite/')) continue
    const rep = createRepresentation(
      readFileSync(path),
      getMimeType(path) ?? 'application/octet-stream',
    )
    files.set(urlPath, rep)
    precompress(rep)
  }
  return (c: Context): Response | undefined => {
    const file = files.get(c.req.path)
    if (!file) return undefined
    return respond(c, file, {
      cacheControl: c.req.path.startsWith('/assets/') ? CACHE_IMMUTABLE : CACHE_REVALIDATE,
    })
  }
}

/** A path whose last segment has a file extension names a file, never a page (/favicon.png). */
export const namesAFile = (path: string) =>
  /\.[a-z][a-z0-9]{0,7}$/i.test(path.slice(path.lastIndexOf('/') + 1))

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Meridian catalogue API</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Meridian catalogue API</h1>
<p>The catalogue API is running at <a href="/api/products">/api</a>.
The storefront has not been built yet, so there is no page to show here.</p>
</body></html>`

/** What `/` shows while the project has no storefront to serve. */
export const placeholderHandler = (c: Context) => {
  if (c.req.path !== '/') return c.text('Not found', 404)
  return c.html(PLACEHOLDER)
}
