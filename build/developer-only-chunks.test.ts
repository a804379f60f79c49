import { describe, expect, it } from 'vitest'
import { chunksBehind, DEVTOOLS_MODULE, type ReachableChunk } from './developer-only-chunks.ts'

const chunk = (fileName: string, rest: Partial<ReachableChunk> = {}): ReachableChunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  dynamicImports: [],
  ...rest,
})

describe('chunksBehind', () => {
  it('leaves out the devtools and what only they load, keeps what the app loads too', () => {
    const chunks = [
      chunk('index.js', { isEntry: true, dynamicImports: ['route.js', 'devtools.js', 'toast.js'] }),
      chunk('route.js', { imports: ['index.js'] }),
      chunk('toast.js', { imports: ['clsx.js'] }),
      chunk('clsx.js'),
      chunk('devtools.js', {
        facadeModuleId: `/repo${DEVTOOLS_MODULE}`,
        imports: ['index.js', 'clsx.js'],
        dynamicImports: ['panel.js'],
      }),
      chunk('panel.js', { imports: ['devtools.js', 'panel-part.js'] }),
      chunk('panel-part.js'),
    ]
    expect(chunksBehind(chunks, DEVTOOLS_MODULE)).toEqual(
      new Set(['devtools.js', 'panel.js', 'panel-part.js']),
    )
  })

  it('leaves out nothing of a build without the gate', () => {
    const chunks = [
      chunk('index.js', { isEntry: true, dynamicImports: ['route.js'] }),
      chunk('route.js'),
    ]
    expect(chunksBehind(chunks, DEVTOOLS_MODULE)).toEqual(new Set())
  })
})
