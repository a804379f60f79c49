import type { Manifest } from '@tanstack/react-router'
import type { GeneratorPlugin, RouteNode } from '@tanstack/router-generator'
import type { Plugin, Rolldown } from 'vite'

import { ROUTER_MANIFEST_FILE, STATUS_PAGES } from '../server/pages/router-manifest.ts'

/**
 * Writes the router's own asset manifest (`Manifest` of @tanstack/react-router) into the client
 * build: for the root, the entry's script and stylesheets; for every route, the code the router
 * split out of its file and the stylesheets that code brings. The server hands it to the router,
 * whose HeadContent and Scripts name them in each page (TanStack Start builds the same from the
 * same two inputs; without Start, this is the one piece the router's SSR needs from the build).
 * The routes come from the router's generator (its `plugins` hook), the files from the bundle.
 */
export function routerManifestPlugin() {
  let routes: readonly RouteNode[] = []
  /** Give this to `tanstackRouter({ plugins })`: it hands over the route tree it generates. */
  const generatorPlugin: GeneratorPlugin = {
    name: 'meridian-router-manifest',
    onRouteTreeChanged: ({ routeNodes }) => {
      routes = routeNodes
    },
  }
  const vitePlugin: Plugin = {
    name: 'meridian-router-manifest',
    apply: (_, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    generateBundle(_, bundle) {
      if (routes.length === 0) this.error('The router generated no routes before the bundle')
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
      const entry = chunks.find((chunk) => chunk.isEntry)
      if (!entry) this.error('The client build has no entry')
      const files = (roots: readonly Rolldown.OutputChunk[]) => closure(bundle, roots)
      const entryFiles = files([entry])
      const beyondEntry = (route: Files): Files => ({
        preloads: route.preloads.filter((file) => !entryFiles.preloads.includes(file)),
        css: route.css.filter((file) => !entryFiles.css.includes(file)),
      })
      const manifest: Manifest = {
        routes: {
          __root__: {
            preloads: entryFiles.preloads.filter((file) => file !== `/${entry.fileName}`),
            css: entryFiles.css,
            // At low priority: the page is in the HTML, so the app that takes it over comes after
            // what the first screen shows (its photos); Lighthouse's simulation also stops counting
            // it as holding up the first paint (docs/performance.md).
            scripts: [
              { attrs: { type: 'module', src: `/${entry.fileName}`, fetchPriority: 'low' } },
            ],
          },
          ...Object.fromEntries(
            routes.flatMap((route) => {
              if (!route.routePath) return []
              const own = chunks.filter(
                (chunk) => chunk.facadeModuleId?.split('?')[0] === route.fullPath,
              )
              return [[route.routePath, beyondEntry(files(own))]]
            }),
          ),
          // The not-found and error pages, which load as the router shows them, not with a route.
          [STATUS_PAGES]: beyondEntry(
            files(
              chunks.filter((chunk) =>
                STATUS_PAGE_MODULES.some((file) => chunk.facadeModuleId?.endsWith(file)),
              ),
            ),
          ),
        },
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTER_MANIFEST_FILE,
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      })
    },
  }
  /**
   * The router inlines each page's stylesheets into the server's HTML
   * (server/pages/router-manifest.ts) only when this is on; its plugin turns it off for apps
   * without TanStack Start: put this after it, for the last word.
   */
  const inlineCssPlugin: Plugin = {
    name: 'meridian-inline-css',
    config: () => ({
      define: {
        'process.env.TSS_INLINE_CSS_ENABLED': JSON.stringify('true'),
        'import.meta.env.TSS_INLINE_CSS_ENABLED': JSON.stringify('true'),
      },
    }),
  }
  return { generatorPlugin, vitePlugin, inlineCssPlugin }
}

/** The modules of the not-found and error pages (app/layout/index.ts). */
const STATUS_PAGE_MODULES = ['/not-found-page.tsx', '/route-error.tsx']

interface Files {
  preloads: string[]
  css: string[]
}

/** The chunks reachable from `roots` through static imports (as URLs), and their stylesheets. */
function closure(bundle: Rolldown.OutputBundle, roots: readonly Rolldown.OutputChunk[]): Files {
  const scripts = new Set<string>()
  const styles = new Set<string>()
  const visit = (fileName: string) => {
    const chunk = bundle[fileName]
    if (chunk?.type !== 'chunk' || scripts.has(fileName)) return
    scripts.add(fileName)
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css)
    chunk.imports.forEach(visit)
  }
  for (const root of roots) visit(root.fileName)
  const url = (file: string) => `/${file}`
  return { preloads: [...scripts].map(url), css: [...styles].map(url) }
}
