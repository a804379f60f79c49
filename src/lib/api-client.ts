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

let client: Promise<KyInstance> | undefined

/**
 * The one HTTP client (lib/http-client.ts). Its code loads with the first request, not with the
 * page: a page the server rendered carries its data, so the app takes it over without a request,
 * and its library (ky) stays off that path. `preloadHttp` fetches it once the page
 * is idle, so a later request does not wait for it.
 */
export function http(): Promise<KyInstance> {
  return (client ??= import('./http-client.ts').then(
    ({ createHttp }) => createHttp(apiBaseUrl(), (input, init) => apiFetch(input, init)),
    (error: unknown) => {
      // Offline before the client's code was ever fetched: the next request tries again.
      client = undefined
      throw error
    },
  ))
}

export function preloadHttp(): void {
  http().catch(() => undefined)
}

/** ky's HTTPError (an error answer), told by its name as toApiError tells a timeout (see http). */
const isHttpError = (error: unknown): error is KyHTTPError =>
  error instanceof Error && error.name === 'HTTPError'

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
    const client = await http()
    return v.parse(schema, await client(path, options).json())
  } catch (error) {
    if (isHttpError(error)) {
      const body = await errorBody(error.response)
      throw ApiError.fromHttp(error.response.status, body, error)
    }
    throw toApiError(error)
  }
}
