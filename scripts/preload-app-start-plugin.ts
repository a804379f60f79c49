import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite'

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
  const closure = (roots: readonly string[]) => {
    const scripts = new Set<string>()
    const styles = new Set<string>()
    const visit = (fileName: string) => {
      const output = bundle[fileName]
      if (output?.type !== 'chunk' || scripts.has(fileName)) return
      scripts.add(fileName)
      for (const css of output.viteMetadata?.importedCss ?? []) styles.add(css)
      output.imports.forEach(visit)
    }
    roots.forEach(visit)
    return { scripts, styles }
  }
  // Vite already links what the entry imports statically.
  const own = closure([entry.fileName])
  const app = closure(entry.dynamicImports)
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
