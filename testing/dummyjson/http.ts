import type { Context, MiddlewareHandler } from 'hono'
import { getPath } from 'hono/utils/url'

/** DummyJSON's APIError: a message and a status (500 when it names none, as in its source). */
export class DummyJsonError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

export const JSON_TYPE = 'application/json; charset=utf-8'

/** A JSON answer as Express's `res.send(object)` writes it (compact, with the charset). */
export const sendJson = (c: Context, body: unknown, status = 200) =>
  c.body(JSON.stringify(body), status as 200, { 'Content-Type': JSON_TYPE })

// DummyJSON's error middleware rewrites these jsonwebtoken messages; anything else goes out as is.
const MAPPED: Readonly<Record<string, { status: number; message: string }>> = {
  'jwt expired': { status: 401, message: 'Token Expired!' },
  'jwt malformed': { status: 401, message: 'Invalid/Expired Token!' },
  'invalid Token': { status: 401, message: 'invalid Token!' },
}

/** The `{ message }` answer DummyJSON gives for a thrown error (a TypeError included: 500). */
export function errorResponse(c: Context, error: unknown) {
  const message = error instanceof Error ? error.message : ''
  const mapped = Object.hasOwn(MAPPED, message) ? MAPPED[message] : undefined
  if (mapped) return sendJson(c, { message: mapped.message }, mapped.status)
  const status = error instanceof DummyJsonError ? error.status : 500
  return sendJson(c, { message: message || 'Something went wrong.' }, status)
}

/**
 * CORS as DummyJSON configures the `cors` package (`origin: true, credentials: true`): the
 * request's Origin echoed, credentials allowed, every OPTIONS answered 204 as a preflight.
 */
export const cors: MiddlewareHandler = async (c, next) => {
  const origin = c.req.header('Origin')
  const vary = ['Origin']
  if (origin) c.header('Access-Control-Allow-Origin', origin)
  c.header('Access-Control-Allow-Credentials', 'true')
  if (c.req.method === 'OPTIONS') {
    c.header('Access-Control-Allow-Methods', 'GET,HEAD,PUT,PATCH,POST,DELETE')
    const requested = c.req.header('Access-Control-Request-Headers')
    vary.push('Access-Control-Request-Headers')
    if (requested) c.header('Access-Control-Allow-Headers', requested)
    c.header('Vary', vary.join(', '))
    c.header('Content-Length', '0')
    return c.body(null, 204)
  }
  c.header('Vary', vary.join(', '))
  await next()
}

// The fixed second segments of DummyJSON's routes, by first segment (`category` only before a slug).
const FIXED: Readonly<Record<string, readonly string[]>> = {
  products: ['search', 'category-list', 'categories'],
  users: ['login', 'me', 'add'],
  auth: ['login', 'me'],
}

/**
 * The path Hono routes by. Express matches routes case-insensitively (`/PRODUCTS/1` is
 * `/products/1` there), so the fixed words of a path are folded to lower case; parameters keep
 * their case, since DummyJSON echoes them (`Product with id 'ABC' not found`).
 */
export function routingPath(request: Request): string {
  const path = getPath(request)
  const segments = path.split('/')
  const first = segments[1]?.toLowerCase() ?? ''
  const resource = first === 'product' || first === 'user' ? `${first}s` : first
  const fixed = FIXED[resource]
  if (!fixed) return path
  segments[1] = first
  const second = segments[2]?.toLowerCase()
  if (second && (fixed.includes(second) || (second === 'category' && segments.length === 4)))
    segments[2] = second
  return segments.join('/')
}

/** DummyJSON answers `/products/` with a 301 to `/products`, keeping the query. */
export const trailingSlash: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url)
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) {
    const target = url.pathname.slice(0, -1).replace(/\/+/g, '/') + url.search
    c.header('Location', target)
    return c.body(`Moved Permanently. Redirecting to ${target}`, 301, {
      'Content-Type': 'text/plain; charset=utf-8',
    })
  }
  await next()
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/**
 * Unknown routes answer HTML like DummyJSON's: its "Page not found" page for GET, Express's own
 * `Cannot POST /x` page for other methods.
 */
export function notFound(c: Context) {
  const html = (body: string, title: string) =>
    `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${title}</title>\n</head>\n<body>\n${body}\n</body>\n</html>\n`
  const page =
    c.req.method === 'GET' || c.req.method === 'HEAD'
      ? html('<h1>404</h1>\n<p>Page not found</p>', 'Page not found — DummyJSON')
      : html(
          `<pre>Cannot ${c.req.method} ${escapeHtml(new URL(c.req.url).pathname)}</pre>`,
          'Error',
        )
  return c.body(page, 404, { 'Content-Type': 'text/html; charset=utf-8' })
}
