import { usernameKey } from '../users/username.ts'
import {
  EMPTY_ADDRESS,
  USER_FIELDS,
  type Address,
  type NewUser,
  type UserChanges,
  type UserRecord,
} from '../users/user-store.ts'

/**
 * The users table's column per field, the same in both dialects. Column names in SQL come only
 * from this fixed map, never from a request.
 */
export const COLUMNS = {
  username: 'username',
  email: 'email',
  passwordHash: 'password_hash',
  firstName: 'first_name',
  lastName: 'last_name',
  maidenName: 'maiden_name',
  gender: 'gender',
  phone: 'phone',
  birthDate: 'birth_date',
  role: 'role',
  address: 'address',
} as const satisfies Record<keyof NewUser, string>

export type UserRow = Record<string, unknown>

/** A row as either database returns it: the address is JSON text (SQLite) or already parsed (jsonb). */
export function fromRow(row: UserRow): UserRecord {
  const text = (column: string) => {
    const value = row[column]
    return typeof value === 'string' ? value : ''
  }
  const address = (
    typeof row.address === 'string' ? JSON.parse(row.address || '{}') : (row.address ?? {})
  ) as Partial<Address>
  return {
    id: Number(row.id),
    username: text('username'),
    email: text('email'),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    maidenName: text('maiden_name'),
    gender: text('gender'),
    phone: text('phone'),
    birthDate: text('birth_date'),
    role: text('role'),
    address: { ...EMPTY_ADDRESS, ...address },
  }
}

/** The fields a change sets, in column order (all of them for a new user). */
export function changedFields(changes: UserChanges): (keyof NewUser)[] {
  return USER_FIELDS.filter((field) => changes[field] !== undefined)
}

/**
 * The keys to give users stored before names were compared by their key (username.ts), oldest
 * first: two old names with one key (`Zoë` and `zoe`) cannot both have it, so a later one gets
 * its id after a `#`, and signs in as `zoe#7`.
 */
export function keyedNames(users: readonly { id: number; username: string }[]): [number, string][] {
  const used = new Set<string>()
  return users.map(({ id, username }) => {
    let key = usernameKey(username)
    if (used.has(key)) key = `${key}#${id}`
    used.add(key)
    return [id, key]
  })
}
