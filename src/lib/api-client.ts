import ky, { type Options } from 'ky'
import type * as v from 'valibot'
import { toApiError } from './api-error.ts'
import { env } from './env.ts'

/** The API base as an absolute URL with a trailing slash, so `products/1` resolves under it. */
export function apiBaseUrl(apiUrl = env.apiUrl, page = globalThis.location.href): string {
  return new URL(apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`, page).href
}

/**
 * The one HTTP client. Retries are off here: TanStack Query owns them (decisions §4), so a failing
 * request is never retried by two layers at once.
 */
export const http = ky.create({ baseUrl: apiBaseUrl(), timeout: 15_000, retry: 0 })

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
    return await http(path, options).json(schema)
  } catch (error) {
    throw toApiError(error)
  }
}
