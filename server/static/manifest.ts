import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** One record of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

/** The build's manifest, or undefined when dist/ was built without one (or not at all). */
export function readManifest(distDir: string): Manifest | undefined {
  const path = join(distDir, '.vite', 'manifest.json')
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : undefined
}

export interface ChunkFiles {
  scripts: Set<string>
  styles: Set<string>
}

/** A chunk as a closure walk sees it: its file, the keys it imports statically, and its CSS. */
export interface ChunkNode {
  file: string
  imports: readonly string[]
  css: Iterable<string>
}

/**
 * The files reachable from `roots` through static imports, with their CSS. `lookup` reads a chunk
 * by key: from the build manifest here, from Vite's bundle in the route manifest plugin.
 */
export function closureOf(
  roots: readonly string[],
  lookup: (key: string) => ChunkNode | undefined,
): ChunkFiles {
  const files: ChunkFiles = { scripts: new Set(), styles: new Set() }
  const visit = (key: string) => {
    const chunk = lookup(key)
    if (!chunk || files.scripts.has(chunk.file)) return
    files.scripts.add(chunk.file)
    for (const css of chunk.css) files.styles.add(css)
    chunk.imports.forEach(visit)
  }
  roots.forEach(visit)
  return files
}

/** The files the chunks bring with them: their own, their static imports' (recursively), and CSS. */
export function chunkClosure(manifest: Manifest, keys: readonly string[]): ChunkFiles {
  return closureOf(keys, (key) => {
    const chunk = manifest[key]
    return chunk && { file: chunk.file, imports: chunk.imports ?? [], css: chunk.css ?? [] }
  })
}
