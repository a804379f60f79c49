import { requestJson } from '../../lib/api-client.ts'
import { ApiError, toApiError } from '../../lib/api-error.ts'
import { accountMessages } from '../../lib/page-messages.ts'
import {
  loginResponseSchema,
  userSchema,
  type LoginResponse,
  type User,
} from './account.schemas.ts'

// A week: long enough not to sign shoppers out mid-visit; an expired token signs out cleanly.
const SESSION_MINUTES = 7 * 24 * 60

export interface Credentials {
  username: string
  password: string
}

export function login({ username, password }: Credentials): Promise<LoginResponse> {
  return requestJson(loginResponseSchema, 'auth/login', {
    method: 'post',
    json: { username, password, expiresInMins: SESSION_MINUTES },
  })
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

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

export function fetchUser(id: number, token: string, signal?: AbortSignal): Promise<User> {
  return requestJson(userSchema, `users/${id}`, { headers: bearer(token), signal })
}

/** The profile save of rules.md § API calls: gender, email, phone, names, password and birthDate. */
export interface ProfileChanges {
  firstName: string
  lastName: string
  email: string
  phone: string
  birthDate: string
  gender: string
  password: string
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
  token: string,
  changes: ProfileChanges,
): Promise<User> {
  const updated = await updateUser(user.id, token, changes)
  const stored = await fetchUser(user.id, token)
  const fields = ['firstName', 'lastName', 'email', 'phone', 'birthDate', 'gender'] as const
  const kept =
    fields.every((field) => stored[field] === updated[field]) &&
    (!changes.password || (await passwordMatches(user.username, changes.password)))
  if (!kept) throw new ApiError({ kind: 'not-kept' }, accountMessages.profileNotKept)
  return stored
}

/**
 * Whether `password` is the shopper's current one: the server checks it by a login (decisions.md § Accounts and sessions),
 * so no copy of it is ever kept here. Wrong credentials are an answer, not an error.
 */
export async function passwordMatches(username: string, password: string): Promise<boolean> {
  try {
    await login({ username, password })
    return true
  } catch (error) {
    if (toApiError(error).status === 400) return false
    throw error
  }
}
