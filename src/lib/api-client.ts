import ky, { HTTPError, type Options } from 'ky'
import * as v from 'valibot'
import { ApiError, toApiError } from './api-error.ts'
import { env } from './env.ts'

/**
 * The API base as an absolute URL with a trailing slash, so `products/1` resolves under it. On the
 * server, the page's origin is the renderer's to supply (entry-server.tsx): a placeholder here.
 */
export function apiBaseUrl(
  apiUrl = env.apiUrl,
  page = globalThis.location?.href ?? 'http://localhost/',
): string {
  return new URL(apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`, page).href
}

type Fetch = (input: Request, init?: RequestInit) => Promise<Response>

// The browser's fetch; the server's renderer puts its own in place (its API in-process, a deadline).
let apiFetch: Fetch = (input, init) => fetch(input, init)

/** Where the app's requests go on the server (entry-server.tsx); never called in the browser. */
export function setApiFetch(fetchApi: Fetch): void {
  apiFetch = fetchApi
}

/**
 * The one HTTP client. Retries are off here: TanStack Query owns them (decisions.md § Data fetching and caching), so a failing
 * request is never retried by two layers at once. (ky 1, not 2: 2 weighs 8.4 KB gzip against
 * 4.7 on every page's critical path, and this edge needs nothing 2 adds.)
 */
export const http = ky.create({
  prefixUrl: apiBaseUrl(),
  timeout: 15_000,
  retry: 0,
  fetch: (input, init) => apiFetch(input as Request, init),
})

/** An error answer's body: its JSON when it has some, else its text (rules.md § Error messages shows either). */
async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '')
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * A JSON request whose answer is validated against `schema` at the edge. Every failure (HTTP status,
 * network, timeout, unexpected shape) is thrown as an ApiError.
 */
export async function requestJson<S extends v.GenericSchema>(
  schema: S,
  path: string,
  options?: Options,
): Promise<v.InferOutput<S>> {
  try {
    return v.parse(schema, await http(path, options).json())
  } catch (error) {
    if (error instanceof HTTPError) {
      const body = await errorBody(error.response)
      throw ApiError.fromHttp(error.response.status, body, error)
    }
    throw toApiError(error)
  }
}
