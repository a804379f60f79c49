import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as v from 'valibot'

/**
 * What the build knows about the SPA's routes (written by scripts/route-manifest-plugin.ts): for
 * each URL pattern, the files its page loads beyond the entry and the API request its first screen
 * waits for. The server hints them in a page's HTML (route-hints.ts); `npm run size` weighs them.
 */
export const ROUTE_MANIFEST_FILE = '.vite/routes.json'

const filesSchema = v.object({ scripts: v.array(v.string()), styles: v.array(v.string()) })

const routeSchema = v.object({
  /** The router's URL pattern: `/products/$category`; `$name` is one path segment. */
  path: v.string(),
  /** The route file, for reports: `products.$category.tsx`. */
  file: v.string(),
  ...filesSchema.entries,
  firstScreen: v.optional(
    v.object({
      /** Under the API base, each `{name}` standing for the URL-encoded path parameter. */
      request: v.string(),
      images: v.optional(
        v.object({ list: v.string(), field: v.optional(v.string()), count: v.number() }),
      ),
    }),
  ),
})

export const routeManifestSchema = v.object({
  /** The entry and its static imports: what every page loads. */
  entry: filesSchema,
  routes: v.array(routeSchema),
})

export type RouteManifest = v.InferOutput<typeof routeManifestSchema>
export type RouteEntry = RouteManifest['routes'][number]
export type FirstScreenHint = NonNullable<RouteEntry['firstScreen']>

/** The build's route manifest, or undefined for a build without one (or no build). */
export function readRouteManifest(distDir: string): RouteManifest | undefined {
  const path = join(distDir, ROUTE_MANIFEST_FILE)
  if (!existsSync(path)) return undefined
  return v.parse(routeManifestSchema, JSON.parse(readFileSync(path, 'utf8')))
}
