import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createContext, runInContext } from 'node:vm'
import { afterAll, expect, it } from 'vitest'
import { inlineScript } from './inline-script-plugin.ts'

const dir = mkdtempSync(join(tmpdir(), 'meridian-inline-script-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The built text of a `*.script.ts` module with this source. */
function build(source: string) {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.script.ts`)
  writeFileSync(file, source)
  return inlineScript(file, 'es2022')
}

it('builds a module into a script that runs once and leaves no name in the page', async () => {
  const text = await build(`
    import type { Theme } from './theme.ts'
    const chosen: Theme = Math.random() < 2 ? 'dark' : 'light'
    function mark(value: Theme) {
      ;(globalThis as { ran?: string }).ran = value
    }
    mark('light')
    mark(chosen)
  `)
  expect(text).not.toContain('Theme')
  const page = createContext({})
  runInContext(text, page)
  expect(runInContext('ran', page)).toBe('dark')
  expect(runInContext('typeof chosen + typeof mark', page)).toBe('undefinedundefined')
})

it('refuses a module that imports or exports a value: it runs alone, before the app', async () => {
  await expect(build(`import { x } from './x.ts'\nconsole.log(x)`)).rejects.toThrow(
    /imports and exports nothing/,
  )
  await expect(build(`export const x = 1`)).rejects.toThrow(/imports and exports nothing/)
})
