import { DummyJsonError } from './http.ts'
import type { DummyUser } from './records.ts'

/** How many users DummyJSON has: a new user gets the next id (`users.length + 1`). */
export const DUMMYJSON_USER_COUNT = 208

type Fields = Record<string, unknown>
/** A nested object's keys in DummyJSON's order; a nested entry is [key, its own shape]. */
type Shape = readonly (string | readonly [string, Shape])[]

const ADDRESS: Shape = [
  'address',
  'city',
  'state',
  'stateCode',
  'postalCode',
  ['coordinates', ['lat', 'lng']],
  'country',
]
const NESTED: Readonly<Record<string, Shape>> = {
  hair: ['color', 'type'],
  address: ADDRESS,
  bank: ['cardExpire', 'cardNumber', 'cardType', 'currency', 'iban'],
  company: ['department', 'name', 'title', ['address', ADDRESS]],
  crypto: ['coin', 'wallet', 'network'],
}
/** The user fields `addNewUser` / `updateUserById` read, in the order they write them (after id). */
// prettier-ignore
const FIELDS = [
  'firstName', 'lastName', 'maidenName', 'age', 'gender', 'email', 'phone', 'username',
  'password', 'birthDate', 'image', 'bloodGroup', 'height', 'weight', 'eyeColor', 'hair', 'ip',
  'address', 'macAddress', 'university', 'bank', 'company', 'ein', 'ssn', 'userAgent', 'crypto',
  'role',
] as const
const NUMERIC = new Set(['age', 'height', 'weight', 'lat', 'lng'])

const field = (value: unknown, key: string): unknown =>
  value !== null && value !== undefined ? (value as Fields)[key] : undefined

/** `source?.a?.b || fallback(…)` over a shape, as DummyJSON spells each nested field out. */
function build(
  shape: Shape,
  source: unknown,
  fallback: (key: string, path: unknown) => unknown,
  base?: unknown,
): Fields {
  const out: Fields = {}
  for (const entry of shape) {
    if (typeof entry === 'string')
      out[entry] = field(source, entry) || fallback(entry, field(base, entry))
    else out[entry[0]] = build(entry[1], field(source, entry[0]), fallback, field(base, entry[0]))
  }
  return out
}

const data = (body: unknown): Fields =>
  body !== null && typeof body === 'object' ? (body as Fields) : {}

/** `addNewUser`: the known fields of the body over an empty skeleton; other fields are ignored. */
export function newUser(body: unknown): Fields {
  const given = data(body)
  const user: Fields = { id: DUMMYJSON_USER_COUNT + 1 }
  for (const key of FIELDS) {
    const shape = NESTED[key]
    const empty = key === 'role' ? 'user' : NUMERIC.has(key) ? null : ''
    if (shape) user[key] = build(shape, given[key], (k) => (NUMERIC.has(k) ? null : ''))
    else user[key] = given[key] === undefined ? empty : given[key]
  }
  return user
}

/** `updateUserById`: a field given replaces the user's; nested objects merge field by field. */
export function updatedUser(user: DummyUser, id: string, body: unknown): Fields {
  const given = data(body)
  // DummyJSON reads `hair.color` without `?.`: `"hair": null` is its TypeError, a 500.
  if (given.hair === null) throw new TypeError("Cannot read properties of null (reading 'color')")
  const updated: Fields = { id: Number(id) }
  for (const key of FIELDS) {
    const shape = NESTED[key]
    const value = given[key] === undefined ? user[key] : given[key]
    updated[key] = shape ? build(shape, value, (_k, own) => own, user[key]) : value
  }
  return updated
}

/** DummyJSON's `verifyUserHandler` with user 1 as the only user the dialect knows. */
export function findUser(user: DummyUser, id: string): DummyUser {
  if (!id) throw new DummyJsonError(400, 'User id is required')
  if (Number.isNaN(Number(id))) throw new DummyJsonError(400, `Invalid user id '${id}'`)
  if (String(user.id) !== id) throw new DummyJsonError(404, `User with id '${id}' not found`)
  return user
}
