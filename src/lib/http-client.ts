import ky, { type KyInstance } from 'ky'

/**
 * The one HTTP client (ky), made when the app first asks for it (lib/api-client.ts loads this
 * module then). Retries are off here: TanStack Query owns them (decisions.md § Data fetching and
 * caching), so a failing request is never retried by two layers at once. (ky 1, not 2: 2 weighs
 * more on every page, decisions.md § Stack, and this edge needs nothing 2 adds.)
 */
export function createHttp(
  prefixUrl: string,
  fetch: (input: Request, init?: RequestInit) => Promise<Response>,
): KyInstance {
  return ky.create({
    prefixUrl,
    timeout: 15_000,
    retry: 0,
    fetch: (input, init) => fetch(input as Request, init),
  })
}
