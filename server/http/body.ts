import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import * as v from 'valibot'

/** The request body as a JSON object; 400 `Invalid JSON body` for anything that is not one. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
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

/** Parses with a schema, answering 400 with the first issue's message. */
export function parseOr400<const S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (!result.success) throw new HTTPException(400, { message: result.issues[0].message })
  return result.output
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(c: Context): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '')
  return match?.[1]
}
