import type { Plugin } from 'vite'

/** The developers' devtools, which the app loads only on a developer's `?devtools` (root-layout.tsx). */
export const DEVTOOLS_MODULE = '/src/app/layout/components/devtools.tsx'

/** A chunk of the bundle, as far as reaching it goes. */
export interface ReachableChunk {
  fileName: string
  isEntry: boolean
  facadeModuleId: string | null
  imports: string[]
  dynamicImports: string[]
}

/**
 * The chunks no page loads unless it loads `gate`'s chunk: those reached from the entries only
 * through it (the gate's own included).
 */
export function chunksBehind(chunks: readonly ReachableChunk[], gate: string): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const reached = new Set<string>()
  const visit = (file: string) => {
    const chunk = byFile.get(file)
    if (!chunk || reached.has(file) || chunk.facadeModuleId?.endsWith(gate)) return
    reached.add(file)
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next)
  }
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName)
  return new Set(chunks.map((chunk) => chunk.fileName).filter((file) => !reached.has(file)))
}

/**
 * Finds, in the browser's build, the files only the devtools load (`files`, filled as the bundle
 * is written), so that the service worker leaves them out of what it precaches: a shopper's
 * browser never downloads them.
 */
export function developerOnlyChunks(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>()
  const plugin: Plugin = {
    name: 'meridian-developer-only-chunks',
    apply: (_, { isSsrBuild }) => !isSsrBuild,
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
      // A devtools module moved elsewhere would otherwise be precached for every shopper unseen.
      if (!chunks.some((chunk) => chunk.facadeModuleId?.endsWith(DEVTOOLS_MODULE)))
        this.error(`No chunk of ${DEVTOOLS_MODULE}: update DEVTOOLS_MODULE to where it is now`)
      for (const file of chunksBehind(chunks, DEVTOOLS_MODULE)) files.add(file)
    },
  }
  return { plugin, files }
}
