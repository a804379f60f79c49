import { createHmac } from 'node:crypto'
import { sameText } from './constant-time.ts'

/**
 * HMAC-signed JSON Web Tokens (RFC 7519 with JWS, RFC 7515): the one implementation of their
 * segments and signatures, for our own tokens (tokens.ts) and for the DummyJSON dialect the tests
 * speak (testing/dummyjson/jwt.ts, which adds jsonwebtoken's error messages). Kept our own rather
 * than hono/jwt, whose verify is asynchronous (WebCrypto) and checks expiry against the wall
 * clock: ours is synchronous, and expiry is checked against the injected clock the tests advance.
 */
export type HmacHash = 'sha256' | 'sha384' | 'sha512'

/** A JSON value as a token's segment (base64url). */
export const jwtSegment = (value: unknown) =>
  Buffer.from(JSON.stringify(value)).toString('base64url')

/** The header of every token we sign. */
export const HS256_HEADER = jwtSegment({ alg: 'HS256', typ: 'JWT' })

/** The signature of `header.payload` with `key`, as a token's third segment. */
export const jwtSignature = (input: string, key: string, hash: HmacHash = 'sha256') =>
  createHmac(hash, key).update(input).digest('base64url')

/** Whether `signature` is the one `key` gives `input`, compared in constant time. */
export function signatureMatches(
  input: string,
  signature: string,
  key: string,
  hash: HmacHash = 'sha256',
): boolean {
  return sameText(jwtSignature(input, key, hash), signature)
}

/** An HS256 token of `claims`, signed with `key`. */
export function signJwt(claims: object, key: string): string {
  const input = `${HS256_HEADER}.${jwtSegment(claims)}`
  return `${input}.${jwtSignature(input, key)}`
}
