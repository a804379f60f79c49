import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { bearerToken } from '../http/body.ts'
import type { SessionRecord, Sessions } from './sessions.ts'
import type { TokenClaims, TokenService } from './tokens.ts'

export interface Authenticated {
  claims: TokenClaims
  session: SessionRecord
}

/**
 * The request's access token, well signed, unexpired, and of a session that lasts: one ended by
 * signing out, a password change or a reused refresh token refuses its tokens at once, on every
 * replica (sessions are in the shared database). 401 otherwise, as the contract says.
 */
export function createAuthenticate(tokens: TokenService, sessions: Sessions) {
  return async (c: Context): Promise<Authenticated> => {
    const token = bearerToken(c)
    if (!token) throw new HTTPException(401, { message: 'Access Token is required' })
    const claims = tokens.verify(token, 'access')
    const session = claims && (await sessions.lasting(claims.sid, claims.sub))
    if (!claims || !session) throw new HTTPException(401, { message: 'Invalid/Expired Token!' })
    return { claims, session }
  }
}

export type Authenticate = ReturnType<typeof createAuthenticate>
