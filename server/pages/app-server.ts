import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type {
  AppServer,
  AppServerEntry,
  AppServerOptions,
  PageManifest,
} from '../../shared/pages/app-server.ts'
import { manifestOptions, ROUTER_MANIFEST_FILE } from './router-manifest.ts'

/** The build's two parts (build/build.ts): what browsers load, and the server's entry. */
export const clientDirOf = (distDir: string) => join(distDir, 'client')
const serverEntryOf = (distDir: string) => join(distDir, 'server', 'entry-server.js')

/**
 * Whether a loaded module is the app's server entry: a build that is not one (stale, or of
 * another project) stops the server with a readable error rather than failing at a page.
 */
export function isAppServerEntry(module: unknown): module is AppServerEntry {
  return (
    typeof module === 'object' &&
    module !== null &&
    'createAppServer' in module &&
    typeof module.createAppServer === 'function' &&
    'START_APP_SCRIPT' in module &&
    typeof module.START_APP_SCRIPT === 'string'
  )
}

/** The built app's server entry, ready to render pages; undefined before the first build. */
export async function loadAppServer(
  distDir: string,
  options: Omit<AppServerOptions, 'manifest' | 'statusPageHead'>,
): Promise<AppServer | undefined> {
  const file = serverEntryOf(distDir)
  if (!existsSync(file)) return undefined
  const entry: unknown = await import(pathToFileURL(file).href)
  if (!isAppServerEntry(entry)) throw new Error(`${file} is not the app's server entry: rebuild it`)
  const manifestPath = join(clientDirOf(distDir), ROUTER_MANIFEST_FILE)
  return entry.createAppServer({
    ...options,
    ...(existsSync(manifestPath) &&
      manifestOptions(
        JSON.parse(readFileSync(manifestPath, 'utf8')) as PageManifest,
        clientDirOf(distDir),
        entry.START_APP_SCRIPT,
      )),
  })
}
