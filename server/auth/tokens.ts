import type { Clock } from '../clock.ts'
import { HS256_HEADER, signatureMatches, signJwt } from './jwt.ts'

export type TokenKind = 'access' | 'refresh'

export interface TokenClaims {
  /** the user's id */
  sub: number
  username: string
  typ: TokenKind
  iat: number
  exp: number
}

export interface TokenService {
  sign(user: { id: number; username: string }, kind: TokenKind, lifetimeSeconds: number): string
  /** The claims of a well-signed, unexpired token of that kind; undefined for anything else. */
  verify(token: string, kind: TokenKind): TokenClaims | undefined
}

/**
 * Our access and refresh tokens: HS256 JWTs (jwt.ts) whose expiry reads the injected clock.
 * Tokens are signed with `secret` and accepted when signed with it or with one of
 * `acceptedSecrets` (the ones being rotated in or out, see the README).
 */
export function createTokenService(
  secret: string,
  clock: Clock,
  acceptedSecrets: readonly string[] = [],
): TokenService {
  const keys = [secret, ...acceptedSecrets]
  const seconds = () => Math.floor(clock.now() / 1000)

  return {
    sign(user, kind, lifetimeSeconds) {
      const iat = seconds()
      const claims: TokenClaims = {
        sub: user.id,
        username: user.username,
        typ: kind,
        iat,
        exp: iat + lifetimeSeconds,
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
      // A refresh token is never accepted as an access token, nor the other way round.
      if (claims.typ !== kind || typeof claims.sub !== 'number' || typeof claims.exp !== 'number')
        return undefined
      if (claims.exp <= seconds()) return undefined
      return claims as TokenClaims
    },
  }
}
