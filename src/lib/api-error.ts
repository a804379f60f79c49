import { ValiError } from 'valibot'
import { messages } from './messages.ts'

export type ApiFailure =
  | { kind: 'http'; status: number; body: unknown }
  /** No answer at all: `offline` when the browser knows it has no connection. */
  | { kind: 'network'; offline: boolean }
  | { kind: 'timeout' }
  | { kind: 'invalid-response'; detail: string }
  /** The API answered a write with success but did not keep it (the public demo API simulates writes). */
  | { kind: 'not-kept' }

/** Every failed API call surfaces as this one type; presentation decides what to show. */
export class ApiError extends Error {
  readonly failure: ApiFailure

  constructor(failure: ApiFailure, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ApiError'
    this.failure = failure
  }

  /** An HTTP error answer, its body already read (JSON or text). */
  static fromHttp(status: number, body: unknown, cause?: unknown): ApiError {
    return new ApiError({ kind: 'http', status, body }, bodyMessage(body) ?? `HTTP ${status}`, {
      cause,
    })
  }

  get status(): number | undefined {
    return this.failure.kind === 'http' ? this.failure.status : undefined
  }
}

const bodyMessage = (body: unknown): string | undefined => {
  if (
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    typeof body.message === 'string'
  ) {
    return body.message
  }
  return undefined
}

/** Maps whatever the transport threw to an ApiError (the transport itself never presents errors). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  // ky's TimeoutError, told by its name: the client's code loads on demand (api-client.ts).
  if (error instanceof Error && error.name === 'TimeoutError')
    return new ApiError({ kind: 'timeout' }, messages.timeout, { cause: error })
  if (error instanceof ValiError || error instanceof SyntaxError) {
    return new ApiError(
      { kind: 'invalid-response', detail: String(error.message) },
      messages.genericError,
      {
        cause: error,
      },
    )
  }
  // fetch rejects alike when offline, refused, blocked (CSP, CORS) or unresolvable: only the
  // browser's own connection state tells "you are offline" from "the service is unreachable".
  if (error instanceof TypeError) {
    const offline = typeof navigator !== 'undefined' && !navigator.onLine
    return new ApiError(
      { kind: 'network', offline },
      offline ? messages.offline : messages.unreachable,
      { cause: error },
    )
  }
  return new ApiError({ kind: 'invalid-response', detail: String(error) }, messages.genericError, {
    cause: error,
  })
}

/**
 * The texts to show for a failure, exactly as rules.md § Error messages lists them: 500 → the admin text; otherwise
 * one per entry of an `errors` list, else the body's message, else the body when it is a string.
 */
export function errorMessages(error: unknown): string[] {
  const { failure } = toApiError(error)
  switch (failure.kind) {
    case 'network':
      return [failure.offline ? messages.offline : messages.unreachable]
    case 'timeout':
      return [messages.timeout]
    case 'invalid-response':
      return [messages.genericError]
    case 'not-kept':
      return [toApiError(error).message]
    case 'http': {
      if (failure.status === 500) return [messages.serverError]
      const { body } = failure
      if (
        typeof body === 'object' &&
        body !== null &&
        'errors' in body &&
        Array.isArray(body.errors)
      ) {
        if (body.errors.length > 0) {
          return body.errors.map((entry: unknown) =>
            typeof entry === 'string' && entry
              ? entry
              : (bodyMessage(entry) ?? messages.genericError),
          )
        }
      }
      const message = bodyMessage(body)
      if (message) return [message]
      if (typeof body === 'string' && body.trim()) return [body]
      return [messages.genericError]
    }
  }
}

/**
 * Worth trying again: the network, a timeout or the server's fault; never a 4xx or bad data, and
 * never while the browser is offline, where a retry could only wait (decisions.md § Offline).
 */
export function isRetryable(error: unknown): boolean {
  const { failure } = toApiError(error)
  return (
    (failure.kind === 'network' && !failure.offline) ||
    failure.kind === 'timeout' ||
    (failure.kind === 'http' && failure.status >= 500)
  )
}

/** No answer because the browser is offline. */
export const isOffline = (error: unknown) => {
  const { failure } = toApiError(error)
  return failure.kind === 'network' && failure.offline
}

/** A 401: the session's token has expired or been revoked (the account feature signs out). */
export const isUnauthorized = (error: unknown) => toApiError(error).status === 401
