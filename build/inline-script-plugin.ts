import { readFileSync } from 'node:fs'
import { minifySync, parseSync, transformWithOxc, type Plugin } from 'vite'

const QUERY = '?inline-script'

/**
 * A module built into the text of a classic inline script: its TypeScript lowered to `target` and
 * minified, by the tools that build the app's bundles, inside a function of its own so that its
 * names stay out of the page's globals. Such a module (`*.script.ts`) runs alone in a page's head,
 * before the app: it may import types, nothing else.
 */
export async function inlineScript(file: string, target: string | string[]): Promise<string> {
  const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts', target })
  let body = code
  // Stripping a type import leaves `export {}` (a module still): the one statement of its kind allowed.
  for (const node of parseSync(file, code).program.body.toReversed()) {
    if (!node.type.startsWith('Import') && !node.type.startsWith('Export')) continue
    const empty =
      node.type === 'ExportNamedDeclaration' &&
      node.specifiers.length === 0 &&
      !node.declaration &&
      !node.source
    if (!empty) throw new Error(`${file}: an inline script imports and exports nothing`)
    body = body.slice(0, node.start) + body.slice(node.end)
  }
  const built = minifySync(file.replace(/\.ts$/, '.js'), `(()=>{${body}})()`, {
    compress: { target },
    mangle: true,
  })
  if (built.errors.length > 0) throw new Error(`${file}: ${built.errors[0]?.message}`)
  return built.code.trim().replace(/;$/, '')
}

/**
 * `import text from './x.script.ts?inline-script'`: the module's built text (see inlineScript),
 * for the server's documents; and `<script data-inline-script="/src/….script.ts"></script>` in
 * index.html (the offline shell) becomes that script.
 */
export function inlineScriptPlugin(): Plugin {
  let target: string | string[] = 'es2022'
  let root = process.cwd()
  return {
    name: 'meridian-inline-script',
    configResolved(config) {
      root = config.root
      const built = config.build.target
      if (typeof built === 'string' || Array.isArray(built)) target = built
    },
    async load(id) {
      if (!id.endsWith(QUERY)) return
      const file = id.slice(0, -QUERY.length)
      this.addWatchFile(file)
      return `export default ${JSON.stringify(await inlineScript(file, target))}`
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        const tags = [...html.matchAll(/<script data-inline-script="([^"]+)"><\/script>/g)]
        for (const [tag, path = ''] of tags) {
          const text = await inlineScript(`${root}${path}`, target)
          html = html.replace(tag, () => `<script>${text}</script>`)
        }
        return html
      },
    },
  }
}
