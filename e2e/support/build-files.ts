import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** A chunk in Vite's manifest of the browser's build: its file, its chunk name and its styles. */
interface ManifestChunk {
  file: string
  name?: string
  css?: string[]
}

let manifest: Record<string, ManifestChunk> | undefined

/**
 * Vite's manifest of the build the suite's server serves (DIST_DIR, as for `npm start`), read at
 * its first use in a test: by then the server has made the build, when it had to.
 */
function viteManifest(): Record<string, ManifestChunk> {
  const dist = process.env.DIST_DIR || 'dist'
  manifest ??= JSON.parse(
    readFileSync(join(dist, 'client', '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>
  return manifest
}

/**
 * Whether an address is one of the build's files whose chunk is named `name` (its module's file
 * name, e.g. `devtools` or `carousel`): its scripts, or its stylesheets. The build names shared
 * chunks and styles by their hash alone (vite.config.ts), so only its manifest says which file
 * holds what.
 */
export const isBuiltFile =
  (name: RegExp, kind: 'scripts' | 'styles' = 'scripts') =>
  (url: string): boolean => {
    const chunks = Object.values(viteManifest()).filter(
      (chunk) => chunk.name !== undefined && name.test(chunk.name),
    )
    const files =
      kind === 'scripts'
        ? chunks.map((chunk) => chunk.file)
        : chunks.flatMap((chunk) => chunk.css ?? [])
    return files.some((file) => new URL(url).pathname === `/${file}`)
  }
