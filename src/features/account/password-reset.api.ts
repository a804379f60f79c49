import * as v from 'valibot'
import { requestJson } from '../../lib/api-client.ts'
import { toApiError } from '../../lib/api-error.ts'
import { ACCESS_TOKEN_MINUTES } from '../../domain/session/session-tokens.ts'
import { loginResponseSchema, type LoginResponse } from './account.schemas.ts'

/** What a reset link can do (docs/api.md § Password reset): only a valid one sets a password. */
export type LinkStatus = 'valid' | 'expired' | 'used' | 'invalid'
export type RefusedLink = Exclude<LinkStatus, 'valid'>

const refusalSchema = v.object({ status: v.picklist(['expired', 'used', 'invalid']) })

/** Why the server refused a link, when a failure is that (400 with a `status`). */
export function refusedLink(error: unknown): RefusedLink | undefined {
  const { failure } = toApiError(error)
  if (failure.kind !== 'http' || failure.status !== 400) return undefined
  const parsed = v.safeParse(refusalSchema, failure.body)
  return parsed.success ? parsed.output.status : undefined
}

/** Asks for a link for `email`: the server's one answer, whether an account has it or not. */
export async function requestResetLink(email: string): Promise<string> {
  const { message } = await requestJson(v.object({ message: v.string() }), 'auth/forgot-password', {
    method: 'post',
    json: { email },
  })
  return message
}

/** What the link with this token can do. A refused link is an answer, not an error. */
export async function checkResetLink(token: string): Promise<LinkStatus> {
  try {
    await requestJson(v.object({ status: v.picklist(['valid']) }), 'auth/reset-password/check', {
      method: 'post',
      json: { token },
    })
    return 'valid'
  } catch (error) {
    const refused = refusedLink(error)
    if (refused) return refused
    throw error
  }
}

/**
 * Sets the password with the link's token: the server spends it, ends every session of the
 * account and opens one for this device, answering as a sign-in does. A link refused meanwhile
 * (it expired while the form was open, or was used elsewhere) is an error `refusedLink` names.
 */
export function resetPassword(token: string, password: string): Promise<LoginResponse> {
  return requestJson(loginResponseSchema, 'auth/reset-password', {
    method: 'post',
    json: { token, password, expiresInMins: ACCESS_TOKEN_MINUTES },
  })
}
