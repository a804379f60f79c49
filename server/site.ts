import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Hono, type Context } from 'hono'
import type { ApiApp } from './app.ts'
import { createRepresentation, type Representation } from './http/representation.ts'
import { RepresentationCache } from './http/representation-cache.ts'
import { CACHE_REVALIDATE, respond } from './http/respond.ts'
import { securityHeaders, spaCsp } from './http/security-headers.ts'
import { robotsTxt, sitemapXml } from './seo/sitemap.ts'
import { readBuildEnv } from './static/build-env.ts'
import { inProcessApi } from './static/route-hints.ts'
import { createSpaHandler, placeholderHandler } from './static/spa.ts'

export interface SiteOptions {
  /** Where the built app fetches from when it talks to another API (its CSP allows them). */
  apiOrigins?: readonly string[]
  /** The site's public origin (SITE_URL) for canonical URLs, the sitemap and robots.txt. */
  siteUrl?: string
}

/** The whole site on one origin: the API under /api and the built SPA (or a placeholder page) elsewhere. */
export function createSite(
  api: ApiApp,
  distDir: string,
  { apiOrigins = [], siteUrl }: SiteOptions = {},
) {
  const indexPath = join(distDir, 'index.html')
  const built = existsSync(indexPath)
  const ownApi = apiOrigins.length === 0
  const fetchApi = (request: Request) => api.fetch(request)
  const spa = built
    ? createSpaHandler(distDir, {
        fetchApi,
        ownApi,
        brand: readBuildEnv(distDir)?.VITE_BRAND_NAME,
        siteUrl,
      })
    : placeholderHandler
  const csp = spaCsp(built ? readFileSync(indexPath, 'utf8') : '', apiOrigins)
  // Delegated whole, so the API's own not-found and error handlers answer everything under /api.
  const toApi = (c: { req: { raw: Request } }) => api.fetch(c.req.raw)

  // The sitemap and robots.txt name absolute URLs: one of each per origin, kept (the catalogue
  // does not change while the server runs).
  const documents = new RepresentationCache<Promise<Representation>>(20)
  const document = (
    c: Context,
    name: string,
    type: string,
    build: (origin: string) => Promise<string>,
  ) => {
    const origin = siteUrl ?? new URL(c.req.url).origin
    return documents
      .getOrCreate(`${name}:${origin}`, async () => createRepresentation(await build(origin), type))
      .then((rep) => respond(c, rep, { cacheControl: CACHE_REVALIDATE }))
  }
  const apiFor = (origin: string) => (ownApi ? inProcessApi(fetchApi, origin) : undefined)

  return new Hono()
    .use(securityHeaders(csp))
    .all('/api', toApi)
    .all('/api/*', toApi)
    .on(['GET', 'HEAD'], '/sitemap.xml', (c) =>
      document(c, 'sitemap', 'application/xml; charset=utf-8', (origin) =>
        sitemapXml(origin, apiFor(new URL(c.req.url).origin)),
      ),
    )
    .on(['GET', 'HEAD'], '/robots.txt', (c) =>
      document(c, 'robots', 'text/plain; charset=utf-8', (origin) =>
        Promise.resolve(robotsTxt(origin)),
      ),
    )
    .on(['GET', 'HEAD'], '*', spa)
}
