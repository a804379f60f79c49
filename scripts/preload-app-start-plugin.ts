import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite'
import { closureOf, type ChunkNode } from '../server/static/manifest.ts'

/**
 * The entry (src/main.tsx) waits for a first paint and then imports the app (src/start.tsx).
 * Vite would fetch that import's code and stylesheets only when it runs; this links them in
 * index.html instead (modulepreload for the scripts, stylesheet for their CSS), so they download
 * with the HTML and the first paint still has the app's styles.
 */
export function preloadAppStartPlugin(): Plugin {
  return {
    name: 'meridian-preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle, chunk }) => (bundle && chunk ? appStartTags(bundle, chunk) : []),
    },
  }
}

/** The tags for what `entry` imports dynamically (the app), less what the entry itself loads. */
export function appStartTags(
  bundle: Rollup.OutputBundle,
  entry: Rollup.OutputChunk,
): HtmlTagDescriptor[] {
  const lookup = (fileName: string): ChunkNode | undefined => {
    const output = bundle[fileName]
    return output?.type === 'chunk'
      ? { file: fileName, imports: output.imports, css: output.viteMetadata?.importedCss ?? [] }
      : undefined
  }
  // Vite already links what the entry imports statically.
  const own = closureOf([entry.fileName], lookup)
  const app = closureOf(entry.dynamicImports, lookup)
  const link = (attrs: HtmlTagDescriptor['attrs']): HtmlTagDescriptor => ({
    tag: 'link',
    attrs: { crossorigin: true, ...attrs },
    injectTo: 'head',
  })
  return [
    ...[...app.styles]
      .filter((file) => !own.styles.has(file))
      .map((file) => link({ rel: 'stylesheet', href: `/${file}` })),
    // Low priority: the first paint does not wait for them (they run after it), so the
    // stylesheets, the page's data and its first images go first on a slow connection.
    ...[...app.scripts]
      .filter((file) => !own.scripts.has(file))
      .map((file) => link({ rel: 'modulepreload', href: `/${file}`, fetchpriority: 'low' })),
  ]
}
