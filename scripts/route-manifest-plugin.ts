import type { GeneratorPlugin, RouteNode } from '@tanstack/router-generator'
import type { Plugin, Rolldown } from 'vite'
import { closureOf, type ChunkFiles } from '../server/static/manifest.ts'
import {
  ROUTE_MANIFEST_FILE,
  type FirstScreenHint,
  type RouteManifest,
} from '../server/static/route-manifest.ts'
import { requestUrl } from '../src/features/catalog/catalog.requests.ts'
import type { FirstScreen } from '../src/first-screens.ts'

/**
 * Writes dist/.vite/routes.json (server/static/route-manifest.ts): each page's URL pattern, the
 * files it loads beyond the entry and its first screen's API request. The routes come from the
 * router's own generator (its `plugins` hook), the files from the bundle, the requests from
 * src/first-screens.ts: nothing is restated by hand.
 */
export function routeManifestPlugin(firstScreens: Readonly<Record<string, FirstScreen>>) {
  let routes: readonly RouteNode[] = []
  /** Give this to `tanstackRouter({ plugins })`: it hands over the route tree it generates. */
  const generatorPlugin: GeneratorPlugin = {
    name: 'meridian-route-manifest',
    onRouteTreeChanged: ({ routeNodes }) => {
      routes = routeNodes
    },
  }
  const vitePlugin: Plugin = {
    name: 'meridian-route-manifest',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
      const closure = (roots: readonly Rolldown.OutputChunk[]) =>
        closureOf(
          roots.map((chunk) => chunk.fileName),
          (fileName) => {
            const chunk = bundle[fileName]
            return chunk?.type === 'chunk'
              ? {
                  file: fileName,
                  imports: chunk.imports,
                  css: chunk.viteMetadata?.importedCss ?? [],
                }
              : undefined
          },
        )
      const entry = closure(chunks.filter((chunk) => chunk.isEntry))
      const beyond = (files: ChunkFiles) => ({
        scripts: [...files.scripts].filter((file) => !entry.scripts.has(file)),
        styles: [...files.styles].filter((file) => !entry.styles.has(file)),
      })
      if (routes.length === 0) this.error('The router generated no routes before the bundle')
      const unknown = Object.keys(firstScreens).filter(
        (id) => !routes.some((route) => route.routePath === id),
      )
      if (unknown.length > 0)
        this.error(`src/first-screens.ts names no route: ${unknown.join(', ')}`)
      const manifest: RouteManifest = {
        entry: { scripts: [...entry.scripts], styles: [...entry.styles] },
        // A pathless layout (`_auth.tsx`) is no page of its own.
        routes: routes.flatMap((route) => {
          if (route.isNonPath || route.cleanedPath === undefined || !route.routePath) return []
          // The chunks the router split out of its file and its layouts' (the root's are the entry's).
          const files = new Set(ancestry(route).map((node) => node.fullPath))
          const own = chunks.filter((chunk) => files.has(chunk.facadeModuleId?.split('?')[0] ?? ''))
          const firstScreen = firstScreens[route.routePath]
          return [
            {
              path: route.cleanedPath || '/',
              file: route.filePath,
              ...beyond(closure(own)),
              ...(firstScreen && { firstScreen: firstScreenHint(firstScreen, route.cleanedPath) }),
            },
          ]
        }),
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_MANIFEST_FILE,
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      })
    },
  }
  return { generatorPlugin, vitePlugin }
}

/**
 * The first screen as data: its request made with a stand-in for each path parameter (letters
 * only, so no encoding touches it), then each stand-in replaced by `{name}`.
 */
export function firstScreenHint({ request, images }: FirstScreen, path: string): FirstScreenHint {
  const names = path
    .split('/')
    .filter((segment) => segment.startsWith('$'))
    .map((segment) => segment.slice(1))
  const standIn = (name: string) => `PARAM${name}PARAM`
  let url = requestUrl(request(Object.fromEntries(names.map((name) => [name, standIn(name)]))))
  for (const name of names) url = url.replaceAll(standIn(name), `{${name}}`)
  return { request: url, ...(images && { images }) }
}

/** The route and the layouts it renders in. */
const ancestry = (route: RouteNode): RouteNode[] =>
  route.parent ? [route, ...ancestry(route.parent)] : [route]
