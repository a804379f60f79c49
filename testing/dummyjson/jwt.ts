import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * HS256 tokens the way DummyJSON makes them with jsonwebtoken: header `{"alg":"HS256","typ":"JWT"}`,
 * the payload with `iat` and `exp` appended. Verification fails with jsonwebtoken's own messages
 * (`jwt malformed`, `invalid signature`, `jwt expired`…), which DummyJSON turns into its answers.
 */
type HmacHash = 'sha256' | 'sha384' | 'sha512'
const HASHES: Readonly<Record<string, HmacHash>> = {
  HS256: 'sha256',
  HS384: 'sha384',
  HS512: 'sha512',
}
const JWS = /^[a-zA-Z0-9\-_]+?\.[a-zA-Z0-9\-_]+?\.([a-zA-Z0-9\-_]+)?$/

const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const sign = (input: string, secret: string, hash: HmacHash = 'sha256') =>
  createHmac(hash, secret).update(input).digest('base64url')

function parseObject(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64').toString('binary'))
    return value !== null && typeof value === 'object'
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

export function signToken(
  payload: Record<string, unknown>,
  secret: string,
  expiresInMins: number,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000)
  const exp = Math.floor(iat + expiresInMins * 60)
  const input = `${segment({ alg: 'HS256', typ: 'JWT' })}.${segment({ ...payload, iat, exp })}`
  return `${input}.${sign(input, secret)}`
}

/** The payload of a token this secret signed and that has not expired; otherwise throws. */
export function verifyToken(
  token: string,
  secret: string,
  now = Date.now(),
): Record<string, unknown> {
  const parts = token.split('.')
  if (parts.length !== 3) throw new Error('jwt malformed')
  const [head = '', body = '', signature = ''] = parts
  const header = JWS.test(token) ? parseObject(head) : undefined
  if (!header) throw new Error('invalid token')
  // jws parses a `typ: JWT` payload strictly: a broken one throws JSON.parse's own SyntaxError.
  const payload: unknown = JSON.parse(Buffer.from(body, 'base64').toString('utf8'))
  if (signature.trim() === '') throw new Error('jwt signature is required')
  const hash =
    typeof header.alg === 'string' && Object.hasOwn(HASHES, header.alg)
      ? HASHES[header.alg]
      : undefined
  if (!hash) throw new Error('invalid algorithm')
  const expected = Buffer.from(sign(`${head}.${body}`, secret, hash))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new Error('invalid signature')
  if (payload === null || typeof payload !== 'object') return {}
  const claims = payload as Record<string, unknown>
  if (claims.exp !== undefined) {
    if (typeof claims.exp !== 'number') throw new Error('invalid exp value')
    if (Math.floor(now / 1000) >= claims.exp) throw new Error('jwt expired')
  }
  return claims
}
