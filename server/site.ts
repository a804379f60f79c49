import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Hono } from 'hono'
import type { ApiApp } from './app.ts'
import { RepresentationCache } from './http/representation-cache.ts'
import { securityHeaders, spaCsp } from './http/security-headers.ts'
import { createSpaHandler, placeholderHandler } from './static/spa.ts'

/**
 * The whole site on one origin: the API under /api and the built SPA (or a placeholder page)
 * elsewhere. `apiOrigins`: where the built app fetches from when it talks to another API.
 */
export function createSite(api: ApiApp, distDir: string, apiOrigins: readonly string[] = []) {
  const indexPath = join(distDir, 'index.html')
  const built = existsSync(indexPath)
  // Pages carry per-route preload hints: each is built once per URL and kept (bounded).
  const spa = built
    ? createSpaHandler(distDir, {
        pages: new RepresentationCache(500),
        fetchApi: (request) => api.fetch(request),
        ownApi: apiOrigins.length === 0,
      })
    : placeholderHandler
  const csp = spaCsp(built ? readFileSync(indexPath, 'utf8') : '', apiOrigins)
  // Delegated whole, so the API's own not-found and error handlers answer everything under /api.
  const toApi = (c: { req: { raw: Request } }) => api.fetch(c.req.raw)
  return new Hono()
    .use(securityHeaders(csp))
    .all('/api', toApi)
    .all('/api/*', toApi)
    .on(['GET', 'HEAD'], '*', spa)
}
