import type { Rollup } from 'vite'
import { describe, expect, it } from 'vitest'
import { appStartTags } from './preload-app-start-plugin.ts'

const chunk = (
  fileName: string,
  imports: string[],
  css: string[] = [],
  dynamicImports: string[] = [],
) =>
  ({
    type: 'chunk',
    fileName,
    imports,
    dynamicImports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  }) as unknown as Rollup.OutputChunk

describe('appStartTags', () => {
  it("links the started app's scripts (low priority) and styles, but nothing the entry already has", () => {
    const entry = chunk('assets/index.js', ['assets/helper.js'], [], ['assets/start.js'])
    const bundle = {
      'assets/index.js': entry,
      'assets/helper.js': chunk('assets/helper.js', []),
      'assets/start.js': chunk('assets/start.js', ['assets/framework.js', 'assets/helper.js']),
      'assets/framework.js': chunk('assets/framework.js', ['assets/app.js']),
      'assets/app.js': chunk('assets/app.js', [], ['assets/app.css']),
    }
    const tags = appStartTags(bundle, entry)
    expect(tags).toEqual([
      {
        tag: 'link',
        attrs: { rel: 'stylesheet', crossorigin: true, href: '/assets/app.css' },
        injectTo: 'head',
      },
      ...['start', 'framework', 'app'].map((name) => ({
        tag: 'link',
        attrs: {
          crossorigin: true,
          rel: 'modulepreload',
          href: `/assets/${name}.js`,
          fetchpriority: 'low',
        },
        injectTo: 'head',
      })),
    ])
  })
})
