import type { Clock } from '../clock.ts'
import { HS256_HEADER, signatureMatches, signJwt } from './jwt.ts'

export type TokenKind = 'access' | 'refresh'

export interface TokenClaims {
  /** the user's id */
  sub: number
  username: string
  typ: TokenKind
  /** the session the token belongs to (auth/sessions.ts): it is taken only while that lasts */
  sid: string
  /** a refresh token's own id: the session takes only its current one (rotation) */
  jti?: string
  iat: number
  exp: number
}

/** What a token says besides its kind and times. */
export interface TokenSubject {
  user: { id: number; username: string }
  sid: string
  jti?: string
}

export interface TokenService {
  /** A token of `kind` for the subject, expiring at `expiresAt` (seconds since the epoch). */
  sign(subject: TokenSubject, kind: TokenKind, expiresAt: number): string
  /** The claims of a well-signed, unexpired token of that kind; undefined for anything else. (Whether its session lasts is the caller's to ask: auth/authenticate.ts.) */
  verify(token: string, kind: TokenKind): TokenClaims | undefined
}

/**
 * Our access and refresh tokens: HS256 JWTs (jwt.ts) whose expiry reads the injected clock.
 * Tokens are signed with `secret` and accepted when signed with it or with one of
 * `acceptedSecrets` (the ones being rotated in or out: docs/operating.md § Rotating `JWT_SECRET`).
 */
export function createTokenService(
  secret: string,
  clock: Clock,
  acceptedSecrets: readonly string[] = [],
): TokenService {
  const keys = [secret, ...acceptedSecrets]
  const seconds = () => Math.floor(clock.now() / 1000)

  return {
    sign({ user, sid, jti }, kind, expiresAt) {
      const claims: TokenClaims = {
        sub: user.id,
        username: user.username,
        typ: kind,
        sid,
        ...(jti && { jti }),
        iat: seconds(),
        exp: expiresAt,
      }
      return signJwt(claims, secret)
    },

    verify(token, kind) {
      const parts = token.split('.')
      if (parts.length !== 3) return undefined
      const [header, payload, sig] = parts as [string, string, string]
      // Only our own header: this rejects alg=none and algorithm-confusion tokens outright.
      if (header !== HS256_HEADER) return undefined
      const signedWithOneOfOurs = keys.some((key) =>
        signatureMatches(`${header}.${payload}`, sig, key),
      )
      if (!signedWithOneOfOurs) return undefined
      let claims: Partial<TokenClaims>
      try {
        claims = JSON.parse(
          Buffer.from(payload, 'base64url').toString('utf8'),
        ) as Partial<TokenClaims>
      } catch {
        return undefined
      }
      // A refresh token is never accepted as an access token, nor the other way round; a token of
      // no session (signed before sessions were kept) names nothing that could be ended.
      if (claims.typ !== kind || typeof claims.sub !== 'number' || typeof claims.exp !== 'number')
        return undefined
      if (typeof claims.sid !== 'string') return undefined
      if (kind === 'refresh' && typeof claims.jti !== 'string') return undefined
      if (claims.exp <= seconds()) return undefined
      return claims as TokenClaims
    },
  }
}
