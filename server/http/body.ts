import type { Context, Env } from 'hono'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'

/**
 * ours: the request body as a JSON object, whatever its Content-Type (none, or the text/plain of
 * `navigator.sendBeacon`); an empty body is `{}`; 400 `Invalid JSON body` for anything that is not
 * an object. Hono's json validator validates `{}` instead of a body sent without a JSON
 * Content-Type, and answers an empty or malformed one "Malformed JSON in request body"
 * (app.test.ts: 'reads the body as JSON whatever its Content-Type…').
 */
async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text()
  let body: unknown
  try {
    body = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    throw new HTTPException(400, { message: 'Invalid JSON body' })
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HTTPException(400, { message: 'Invalid JSON body' })
  }
  return body as Record<string, unknown>
}

/**
 * The JSON body checked against a schema before the handler runs, which reads it as
 * `c.req.valid('json')`, where Hono's validator would put it. A body that fails the schema is
 * refused with the first issue's message, with 400 unless `statusOf` that message says otherwise.
 */
export function jsonBody<const S extends v.GenericSchema>(
  schema: S,
  statusOf: (message: string) => ContentfulStatusCode = () => 400,
) {
  type Validated = { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }
  // ours, not hono/validator: it skips the body without a JSON Content-Type, refuses an empty one.
  return createMiddleware<Env, string, Validated>(async (c, next) => {
    const result = v.safeParse(schema, await readJsonObject(c))
    if (!result.success) {
      const { message } = result.issues[0]
      throw new HTTPException(statusOf(message), { message })
    }
    c.req.addValidatedData('json', result.output as object)
    await next()
  })
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(c: Context): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '')
  return match?.[1]
}
