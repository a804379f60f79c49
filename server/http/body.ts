import type { Context, Env } from 'hono'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'

/** How a route takes its body. */
export interface BodyOptions {
  /** The status for a body that fails the schema, by the first issue's message (default 400). */
  statusOf?: (message: string) => ContentfulStatusCode
  /**
   * Read the body as JSON whatever its Content-Type (`navigator.sendBeacon` sends text/plain):
   * only for routes any page may post to without harm (the telemetry reports).
   */
  anyContentType?: boolean
  /**
   * Name the field in a message of the schema's own that does not (the address form's 'Pincode
   * is not valid' becomes "Invalid 'address.code': Pincode is not valid").
   */
  nameFields?: boolean
}

const isJsonType = (c: Context) =>
  c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase() === 'application/json'

/**
 * ours: the request body as a JSON object; an empty body is `{}`; 400 `Invalid JSON body` for
 * anything that is not an object. A body must come as `Content-Type: application/json` (415
 * otherwise) unless the route takes any: a page on another site can make its visitors' browsers
 * send a form or text/plain to any address without asking, JSON only after a CORS preflight,
 * which this server refuses unless CORS_ORIGINS names that site. So no foreign page can sign its
 * visitors in, register them or write anything else of theirs here (decisions.md § Operations).
 * Hono's json validator validates `{}` instead of a body sent without a JSON Content-Type, and
 * answers an empty or malformed one "Malformed JSON in request body" (app.test.ts).
 */
async function readJsonObject(
  c: Context,
  anyContentType: boolean,
): Promise<Record<string, unknown>> {
  const text = await c.req.text()
  if (text.trim() === '') return {}
  if (!anyContentType && !isJsonType(c))
    throw new HTTPException(415, { message: 'Content-Type must be application/json' })
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new HTTPException(400, { message: 'Invalid JSON body' })
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HTTPException(400, { message: 'Invalid JSON body' })
  }
  return body as Record<string, unknown>
}

/** Valibot's own message (`Invalid format: Expected /^…$/ but received "…"`), not one of ours. */
const LIBRARY_MESSAGE = /^Invalid [\w ]+: (Expected|Received) /

/** What a check of valibot's says is wrong, in words. */
const WHAT_IS_WRONG: Record<string, (requirement: unknown) => string> = {
  regex: () => 'is not in the expected form',
  min_length: (n) => `is shorter than ${String(n)}`,
  max_length: (n) => `is longer than ${String(n)}`,
  min_value: (n) => `is below ${String(n)}`,
  max_value: (n) => `is above ${String(n)}`,
  integer: () => 'must be a whole number',
  finite: () => 'must be a finite number',
}

/**
 * An issue's message as the answer gives it: ours as written; valibot's own, which would show the
 * schema's internals (a regular expression), as the field and what is wrong with it.
 */
export function issueMessage(issue: v.BaseIssue<unknown>): string {
  if (!LIBRARY_MESSAGE.test(issue.message)) return issue.message
  const field = v.getDotPath(issue)
  const subject = field ? `'${field}'` : 'The body'
  const wrong = WHAT_IS_WRONG[issue.type]
  if (issue.kind === 'validation')
    return `Invalid ${subject}: ${wrong ? wrong(issue.requirement) : 'is not valid'}`
  if (issue.expected === 'never') return `Invalid ${subject}: no such field`
  return `Invalid ${subject}: expected ${issue.expected ?? 'another value'}`
}

/** An issue's message, naming its field unless it does already. */
function withField(issue: v.BaseIssue<unknown>): string {
  const message = issueMessage(issue)
  const field = v.getDotPath(issue)
  return message.startsWith('Invalid ') || !field ? message : `Invalid '${field}': ${message}`
}

/**
 * The JSON body checked against a schema before the handler runs, which reads it as
 * `c.req.valid('json')`, where Hono's validator would put it. A body that fails the schema is
 * refused with the first issue's message, with 400 unless `statusOf` that message says otherwise.
 */
export function jsonBody<const S extends v.GenericSchema>(
  schema: S,
  { statusOf = () => 400, anyContentType = false, nameFields = false }: BodyOptions = {},
) {
  type Validated = { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }
  // ours, not hono/validator: it skips the body without a JSON Content-Type, refuses an empty one.
  return createMiddleware<Env, string, Validated>(async (c, next) => {
    const result = v.safeParse(schema, await readJsonObject(c, anyContentType))
    if (!result.success) {
      const [issue] = result.issues
      const message = nameFields ? withField(issue) : issueMessage(issue)
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
