import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/**
 * One immutable response body with its validator and lazily computed compressed variants.
 * Catalogue answers, product images and the SPA's files are all served through this, so they
 * share ETag/304 handling and compression, and each variant is compressed once, not per request.
 * (Hono's etag middleware hashes every response's body again, and its compress streams gzip or
 * deflate per response, without brotli.)
 */
export interface Representation {
  readonly type: string
  readonly body: Buffer
  readonly etag: string
  readonly variants: Map<Encoding, Buffer>
}

export type Encoding = 'br' | 'gzip'

// Below this size compression costs more than it saves on the wire.
const MIN_COMPRESSIBLE_BYTES = 1024
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/

export function createRepresentation(body: string | Buffer, type: string): Representation {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  const digest = createHash('sha1').update(bytes).digest('base64url').slice(0, 27)
  // Weak, because the same validator covers the identity, gzip and brotli codings of the body.
  return { type, body: bytes, etag: `W/"${digest}"`, variants: new Map() }
}

export function jsonRepresentation(value: unknown): Representation {
  return createRepresentation(JSON.stringify(value), 'application/json; charset=utf-8')
}

export function isCompressible(rep: Representation): boolean {
  return rep.body.length >= MIN_COMPRESSIBLE_BYTES && COMPRESSIBLE.test(rep.type)
}

/** The coding to answer with, from an Accept-Encoding header; brotli preferred, then gzip. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined
  const accepted = new Set<string>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (q !== undefined && Number(q.slice(2)) <= 0) continue
    accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return undefined
}

export function encodedBody(rep: Representation, encoding: Encoding): Buffer {
  let variant = rep.variants.get(encoding)
  if (!variant) {
    variant =
      encoding === 'br'
        ? brotliCompressSync(rep.body, {
            params: {
              // Quality 6 keeps a first request fast; the result is cached with the representation.
              [constants.BROTLI_PARAM_QUALITY]: 6,
              [constants.BROTLI_PARAM_SIZE_HINT]: rep.body.length,
            },
          })
        : gzipSync(rep.body, { level: 6 })
    rep.variants.set(encoding, variant)
  }
  return variant
}

/** RFC 9110 weak comparison of an If-None-Match header against an entity tag. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  const wanted = opaque(etag)
  return header.split(',').some((tag) => opaque(tag) === wanted)
}
