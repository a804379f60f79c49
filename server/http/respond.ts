import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import {
  encodedBody,
  isCompressible,
  matchesIfNoneMatch,
  negotiateEncoding,
  type Representation,
} from './representation.ts'

export const CACHE_CATALOGUE = 'public, max-age=60, stale-while-revalidate=600'
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
export const CACHE_REVALIDATE = 'no-cache'
export const CACHE_PRIVATE = 'no-store'

interface RespondOptions {
  cacheControl: string
  status?: ContentfulStatusCode
}

/** Sends a representation with its ETag, answering 304 to a matching If-None-Match and compressing when the client accepts it. */
export function respond(c: Context, rep: Representation, options: RespondOptions): Response {
  const headers = new Headers({ 'Cache-Control': options.cacheControl, ETag: rep.etag })
  const compressible = isCompressible(rep)
  if (compressible) headers.set('Vary', 'Accept-Encoding')

  if (matchesIfNoneMatch(c.req.header('If-None-Match'), rep.etag)) {
    return new Response(null, { status: 304, headers })
  }

  headers.set('Content-Type', rep.type)
  const encoding = compressible ? negotiateEncoding(c.req.header('Accept-Encoding')) : undefined
  const body = encoding ? encodedBody(rep, encoding) : rep.body
  if (encoding) headers.set('Content-Encoding', encoding)
  headers.set('Content-Length', String(body.length))
  const status = options.status ?? 200
  // A zero-copy view typed for the Fetch API (node's Buffer type admits shared memory, which it never is here).
  const view = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength)
  return new Response(c.req.method === 'HEAD' ? null : view, { status, headers })
}
