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

/** The files the chunks bring with them: their own, their static imports' (recursively), and CSS. */
export function chunkClosure(manifest: Manifest, keys: readonly string[]): ChunkFiles {
  const files: ChunkFiles = { scripts: new Set(), styles: new Set() }
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.scripts.has(chunk.file)) return
    files.scripts.add(chunk.file)
    for (const css of chunk.css ?? []) files.styles.add(css)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return files
}

/**
 * What every page loads before its route: the entry chunk and the app it starts. The entry
 * (src/main.tsx) waits for a first paint and then imports the app (src/start.tsx), its only
 * dynamic import, which index.html preloads; so the app counts as part of the entry.
 */
export function appStartClosure(manifest: Manifest): ChunkFiles {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entryKey) return { scripts: new Set(), styles: new Set() }
  return chunkClosure(manifest, [entryKey, ...(manifest[entryKey]?.dynamicImports ?? [])])
}
