import { requestJson } from '../../lib/api-client.ts'
import { toApiError } from '../../lib/api-error.ts'
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

/** The registration payload of spec §3, plus `username` for DummyJSON-compatible APIs. */
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

/** The profile save of spec §7: gender, email, phone, names, password and birthDate. */
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
 * Whether `password` is the shopper's current one: the server checks it by a login (decisions §7),
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
