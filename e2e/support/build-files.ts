import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** A chunk in Vite's manifest of the browser's build: its file, its chunk name and its styles. */
interface ManifestChunk {
  file: string
  name?: string
  css?: string[]
}

/**
 * The addresses of the build's files whose chunk is named `name` (its module's file name, e.g.
 * `devtools` or `carousel`), with their stylesheets. The build names shared chunks and styles by
 * their hash alone (vite.config.ts), so only its manifest, beside what the suite's server serves
 * (DIST_DIR, as for `npm start`), says which file holds what.
 */
export function builtFiles(name: RegExp): { scripts: string[]; styles: string[] } {
  const dist = process.env.DIST_DIR || 'dist'
  const manifest = JSON.parse(
    readFileSync(join(dist, 'client', '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>
  const chunks = Object.values(manifest).filter((chunk) => chunk.name && name.test(chunk.name))
  return {
    scripts: chunks.map((chunk) => `/${chunk.file}`),
    styles: chunks.flatMap((chunk) => chunk.css ?? []).map((file) => `/${file}`),
  }
}

/** Whether the address is one of these files'. */
export const isOneOf = (files: string[]) => (url: string) => files.includes(new URL(url).pathname)
