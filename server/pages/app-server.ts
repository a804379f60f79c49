import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ApiApp } from '../app.ts'
import type { AppServer } from './page-handler.ts'
import { manifestOptions, ROUTER_MANIFEST_FILE, type RouterManifest } from './router-manifest.ts'

/** The build's two parts (build/build.ts): what browsers load, and the server's entry. */
export const clientDirOf = (distDir: string) => join(distDir, 'client')
const serverEntryOf = (distDir: string) => join(distDir, 'server', 'entry-server.js')

export type FetchApi = (request: Request, origin: string) => Promise<Response>

/**
 * Where the app's requests go while the server renders a page: to the site's own API, in-process
 * (no network; its answers name the page's origin in their picture URLs), or to another API
 * (VITE_API_URL) over the network.
 */
export function apiFetcher(api: ApiApp, externalApi: boolean): FetchApi {
  if (externalApi) return (request) => fetch(request)
  return (request, origin) => {
    const { pathname, search } = new URL(request.url)
    return Promise.resolve(api.fetch(new Request(`${origin}${pathname}${search}`, request)))
  }
}

/** The built app's server entry, ready to render pages; undefined before the first build. */
export async function loadAppServer(
  distDir: string,
  options: { fetchApi: FetchApi; siteUrl?: string; vitalsSampleRate?: number },
): Promise<AppServer | undefined> {
  const entry = serverEntryOf(distDir)
  if (!existsSync(entry)) return undefined
  const { createAppServer, START_APP_SCRIPT } = (await import(pathToFileURL(entry).href)) as {
    createAppServer: (options: object) => AppServer
    START_APP_SCRIPT: string
  }
  const manifestPath = join(clientDirOf(distDir), ROUTER_MANIFEST_FILE)
  return createAppServer({
    ...options,
    ...(existsSync(manifestPath) &&
      manifestOptions(
        JSON.parse(readFileSync(manifestPath, 'utf8')) as RouterManifest,
        clientDirOf(distDir),
        START_APP_SCRIPT,
      )),
  })
}
