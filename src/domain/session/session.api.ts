import * as v from 'valibot'
import { requestJson } from '../../lib/api-client.ts'

/**
 * An access token's life (decisions.md § Accounts and sessions): short, since it is what every
 * request carries; the refresh token renews it (session-tokens.ts) for as long as the session lasts.
 */
export const ACCESS_TOKEN_MINUTES = 30

/** POST auth/refresh: the session's next tokens. */
export const tokensSchema = v.object({
  accessToken: v.string(),
  refreshToken: v.optional(v.string()),
})

export type Tokens = v.InferOutput<typeof tokensSchema>

/** New tokens for the session (rotation: the refresh token given is spent). */
export function refreshTokens(refreshToken: string): Promise<Tokens> {
  return requestJson(tokensSchema, 'auth/refresh', {
    method: 'post',
    json: { refreshToken, expiresInMins: ACCESS_TOKEN_MINUTES },
  })
}
