import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/**
 * A request refused with more to say than a message: headers (a 429's Retry-After) and fields
 * beside `message` in its JSON body (a sign-in's challenge), which the app's error handler adds.
 */
export class Refusal extends HTTPException {
  readonly fields: Record<string, unknown>

  constructor(
    status: ContentfulStatusCode,
    message: string,
    {
      headers = {},
      fields = {},
    }: { headers?: Record<string, string>; fields?: Record<string, unknown> } = {},
  ) {
    super(status, { message, res: new Response(null, { headers }) })
    this.fields = fields
  }
}

/** A 429 that says when to come back (every 429 of the API does). */
export const tooMany = (
  message: string,
  retryAfterSeconds: number,
  fields?: Record<string, unknown>,
) =>
  new Refusal(429, message, {
    headers: { 'Retry-After': String(Math.max(0, Math.ceil(retryAfterSeconds))) },
    fields,
  })
