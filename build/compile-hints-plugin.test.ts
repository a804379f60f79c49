import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Rolldown } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import { COMPILE_HINT, compileHintsPlugin } from './compile-hints-plugin.ts'

const root = mkdtempSync(join(tmpdir(), 'meridian-compile-hints-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Builds a small app: an entry with two lazily loaded pages that share a module and a stylesheet. */
async function buildApp(ssr: boolean): Promise<Rolldown.OutputChunk[]> {
  const files: Record<string, string> = {
    'index.html': '<!doctype html><script type="module" src="/main.js"></script>',
    'main.js':
      "addEventListener('click', () => Promise.all([import('./a.js'), import('./b.js')]))\n",
    'a.js':
      "import { shared } from './shared.js'\nimport './page.css'\nexport const a = shared + 1\n",
    'b.js':
      "import { shared } from './shared.js'\nimport './page.css'\nexport const b = shared + 2\n",
    'shared.js': 'export const shared = Math.random()\n',
    'page.css': 'p { color: red }\n',
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text)
  const output = await build({
    root,
    logLevel: 'silent',
    configFile: false,
    plugins: [compileHintsPlugin()],
    build: { write: false, ssr: ssr ? 'main.js' : undefined, modulePreload: { polyfill: false } },
  })
  const [result] = Array.isArray(output) ? output : [output]
  return (result as Rolldown.RolldownOutput).output.filter(
    (file): file is Rolldown.OutputChunk => file.type === 'chunk',
  )
}

describe('compileHintsPlugin', () => {
  it("puts the hint on the browser entry's first line, before Vite's own preload list", async () => {
    const chunks = await buildApp(false)
    const entry = chunks.find((chunk) => chunk.isEntry)
    expect(entry?.code.startsWith(COMPILE_HINT)).toBe(true)
    expect(entry?.code).toContain('__vite__mapDeps')
    const lazy = chunks.filter((chunk) => !chunk.isEntry)
    expect(lazy.length).toBeGreaterThan(1)
    for (const chunk of lazy)
      expect(chunk.code, chunk.fileName).not.toContain('allFunctionsCalledOnLoad')
  })

  it("leaves the server's build alone", async () => {
    const chunks = await buildApp(true)
    expect(chunks.length).toBeGreaterThan(0)
    for (const chunk of chunks)
      expect(chunk.code, chunk.fileName).not.toContain('allFunctionsCalledOnLoad')
  })
})
