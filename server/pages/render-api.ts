import type { FetchApi } from '../../shared/pages/app-server.ts'
import type { ApiApp } from '../app.ts'

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
