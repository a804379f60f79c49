import * as v from 'valibot'
import { http, requestJson } from '../../lib/api-client.ts'
import { bearer } from '../../lib/bearer.ts'
import { ApiError, toApiError } from '../../lib/api-error.ts'
import { accountMessages } from '../../lib/page-messages.ts'
import { ACCESS_TOKEN_MINUTES, type WithToken } from '../../domain/session/session-tokens.ts'
import {
  loginResponseSchema,
  userSchema,
  type LoginResponse,
  type User,
} from './account.schemas.ts'

export interface Credentials {
  username: string
  password: string
}

/** A challenge our server sets a sign-in to an account many wrong passwords were tried on. */
const challengeSchema = v.object({
  challenge: v.object({ token: v.pipe(v.string(), v.maxLength(512)), difficulty: v.number() }),
})

/** The challenge a refusal carries, if it is one (429 with a challenge). */
function challengeOf(error: unknown) {
  const failure = toApiError(error).failure
  if (failure.kind !== 'http' || failure.status !== 429) return undefined
  const parsed = v.safeParse(challengeSchema, failure.body)
  return parsed.success ? parsed.output.challenge : undefined
}

/**
 * Sign-in. When the server asks for a proof of work first (429 with a challenge), the browser
 * does it and asks again: the shopper only waits a moment longer (a few tries at most: the work
 * asked may grow while an attack goes on).
 */
export async function login({ username, password }: Credentials): Promise<LoginResponse> {
  let proof: { challenge: string; nonce: string } | undefined
  for (let tries = 0; ; tries++) {
    try {
      return await requestJson(loginResponseSchema, 'auth/login', {
        method: 'post',
        json: { username, password, expiresInMins: ACCESS_TOKEN_MINUTES, ...(proof && { proof }) },
      })
    } catch (error) {
      const challenge = challengeOf(error)
      if (!challenge || tries >= 3) throw error
      const { solveChallenge } = await import('../../lib/proof-of-work.ts')
      proof = {
        challenge: challenge.token,
        nonce: await solveChallenge(challenge.token, challenge.difficulty),
      }
    }
  }
}

/**
 * Ends the session on the server, so its tokens are refused from now on, wherever they are. Best
 * effort: offline, or with an API that has no sign-out (the public demo API), the shopper is signed
 * out on this device all the same. `keepalive`, so a page left at once does not cancel it.
 */
export async function logout({ token, refreshToken }: { token?: string; refreshToken?: string }) {
  if (!token && !refreshToken) return
  try {
    const client = await http()
    await client.post('auth/logout', {
      headers: bearer(token),
      json: refreshToken ? { refreshToken } : {},
      keepalive: true,
    })
  } catch {
    // Nothing to tell the shopper: they are signed out here either way.
  }
}

/** The registration payload of rules.md § Data and reference lists, plus `username` for DummyJSON-compatible APIs. */
export interface RegistrationPayload {
  country: string
  email: string
  firstName: string
  lastName: string
  userName: string
  username: string
  phone: string
  address: { postalCode: string }
  birthDate: string
  gender: string
  password: string
}

export function register(payload: RegistrationPayload): Promise<User> {
  return requestJson(userSchema, 'users/add', { method: 'post', json: payload })
}

export function fetchUser(id: number, token: string, signal?: AbortSignal): Promise<User> {
  return requestJson(userSchema, `users/${id}`, { headers: bearer(token), signal })
}

/**
 * The profile save of rules.md § API calls: gender, email, phone, names, password and birthDate,
 * and the Current Password, which our server asks for a new password (decisions.md § Accounts and
 * sessions); another API ignores it.
 */
export interface ProfileChanges {
  firstName: string
  lastName: string
  email: string
  phone: string
  birthDate: string
  gender: string
  password: string
  currentPassword: string
}

export function updateUser(id: number, token: string, changes: ProfileChanges): Promise<User> {
  return requestJson(userSchema, `users/${id}`, {
    method: 'put',
    json: changes,
    headers: bearer(token),
  })
}

/**
 * The profile save, checked: the stored profile is read back and must show what the save answered
 * (and a new password must sign in). An API that only simulates writes (the public demo API)
 * answers a save with the changed user and keeps nothing: that is an error the shopper is told of,
 * never a success (decisions.md § Catalogue API).
 */
export async function saveProfile(
  user: User,
  withToken: WithToken,
  changes: ProfileChanges,
): Promise<User> {
  const updated = await withToken((token) => updateUser(user.id, token, changes))
  const stored = await withToken((token) => fetchUser(user.id, token))
  const fields = ['firstName', 'lastName', 'email', 'phone', 'birthDate', 'gender'] as const
  const kept =
    fields.every((field) => stored[field] === updated[field]) &&
    (!changes.password || (await passwordMatches(user.username, changes.password)))
  if (!kept) throw new ApiError({ kind: 'not-kept' }, accountMessages.profileNotKept)
  return stored
}

/**
 * Whether `password` is the shopper's current one: the server checks it by a login (decisions.md § Accounts and sessions),
 * so no copy of it is ever kept here, and the session that login opened is ended at once. Wrong
 * credentials are an answer, not an error.
 */
export async function passwordMatches(username: string, password: string): Promise<boolean> {
  try {
    const checked = await login({ username, password })
    void logout({ token: checked.accessToken, refreshToken: checked.refreshToken })
    return true
  } catch (error) {
    if (toApiError(error).status === 400) return false
    throw error
  }
}
