import type { HTTPError as KyHTTPError, KyInstance, Options } from 'ky'
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

let client: Promise<{ http: KyInstance; HTTPError: typeof KyHTTPError }> | undefined

const loadClient = () =>
  (client ??= import('./http-client.ts').then(
    ({ createHttp, HTTPError }) => ({
      http: createHttp(apiBaseUrl(), (input, init) => apiFetch(input, init)),
      HTTPError,
    }),
    (error: unknown) => {
      // Offline before the client's code was ever fetched: the next request tries again.
      client = undefined
      throw error
    },
  ))

/**
 * The one HTTP client (lib/http-client.ts). Its code loads with the first request, not with the
 * page: a page the server rendered carries its data, so the app takes it over without a request,
 * and its library (ky, 4.7 KB gzip) stays off that path. `preloadHttp` fetches it once the page
 * is idle, so a later request does not wait for it.
 */
export async function http(): Promise<KyInstance> {
  return (await loadClient()).http
}

export function preloadHttp(): void {
  loadClient().catch(() => undefined)
}

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
  let HTTPError: typeof KyHTTPError | undefined
  try {
    const client = await loadClient()
    HTTPError = client.HTTPError
    return v.parse(schema, await client.http(path, options).json())
  } catch (error) {
    if (HTTPError && error instanceof HTTPError) {
      const body = await errorBody(error.response)
      throw ApiError.fromHttp(error.response.status, body, error)
    }
    throw toApiError(error)
  }
}
