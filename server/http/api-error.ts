import type { ContentfulStatusCode } from 'hono/utils/http-status'

/**
 * An error the API answers with `{ message }` and the given status. Thrown from anywhere in a
 * handler; the app's error handler turns it into the response, so handlers stay linear.
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode
  readonly headers: Readonly<Record<string, string>>

  constructor(status: ContentfulStatusCode, message: string, headers: Record<string, string> = {}) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.headers = headers
  }
}
