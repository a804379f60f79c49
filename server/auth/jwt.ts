import { createHmac } from 'node:crypto'
import { sameText } from './constant-time.ts'

/**
 * HMAC-signed JSON Web Tokens (RFC 7519 with JWS, RFC 7515), HS256, for our own tokens
 * (tokens.ts). Kept our own rather than hono/jwt, whose verify is asynchronous (WebCrypto) and
 * checks expiry against the wall clock: ours is synchronous, and expiry is checked against the
 * injected clock the tests advance.
 */

/** A JSON value as a token's segment (base64url). */
const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** The header of every token we sign. */
export const HS256_HEADER = segment({ alg: 'HS256', typ: 'JWT' })

/** The signature of `header.payload` with `key`, as a token's third segment. */
const signature = (input: string, key: string) =>
  createHmac('sha256', key).update(input).digest('base64url')

/** Whether `given` is the signature `key` gives `input`, compared in constant time. */
export function signatureMatches(input: string, given: string, key: string): boolean {
  return sameText(signature(input, key), given)
}

/** An HS256 token of `claims`, signed with `key`. */
export function signJwt(claims: object, key: string): string {
  const input = `${HS256_HEADER}.${segment(claims)}`
  return `${input}.${signature(input, key)}`
}
