import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseSync } from 'node:sqlite'

export interface Address {
  address: string
  city: string
  state: string
  stateCode: string
  postalCode: string
  country: string
}

/** A user as stored. `passwordHash` stays inside the server: see `toPublicUser`. */
export interface UserRecord {
  id: number
  username: string
  email: string
  passwordHash: string
  firstName: string
  lastName: string
  maidenName: string
  gender: string
  phone: string
  birthDate: string
  role: string
  address: Address
}

export type NewUser = Omit<UserRecord, 'id'>
export type UserChanges = Partial<NewUser>

export interface UserStore {
  findById(id: number): UserRecord | undefined
  findByUsername(username: string): UserRecord | undefined
  /** Whether another user (not `exceptId`) already has this username / email, case-insensitively. */
  isTaken(field: 'username' | 'email', value: string, exceptId?: number): boolean
  insert(user: NewUser): UserRecord
  update(id: number, changes: UserChanges): UserRecord | undefined
  count(): number
  close(): void
}

export const EMPTY_ADDRESS: Address = {
  address: '',
  city: '',
  state: '',
  stateCode: '',
  postalCode: '',
  country: '',
}

const COLUMNS = {
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

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL UNIQUE COLLATE NOCASE,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    maiden_name TEXT NOT NULL DEFAULT '',
    gender TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    birth_date TEXT NOT NULL DEFAULT '',
    role TEXT NOT NULL DEFAULT 'user',
    address TEXT NOT NULL DEFAULT '{}'
  ) STRICT
`

type Row = Record<string, string | number | null>

function fromRow(row: Row): UserRecord {
  const text = (column: string) => String(row[column] ?? '')
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
    address: { ...EMPTY_ADDRESS, ...(JSON.parse(text('address') || '{}') as Partial<Address>) },
  }
}

function toColumnValue(key: keyof NewUser, value: NewUser[keyof NewUser]): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/**
 * Users in SQLite (`node:sqlite`), in WAL mode with synchronous=NORMAL: a commit is in the WAL file
 * before the answer goes out, so a registration or profile change survives the process being
 * killed right after it (tested with kill -9). Only a power cut or OS crash could lose the last
 * commits; FULL would fsync on every commit, and since node:sqlite runs on the event loop, that
 * stalled every other answer (catalogue p99 ~160 ms under a mixed load). Every statement is
 * prepared with parameters; column names come only from the fixed COLUMNS map.
 */
export function openUserStore(file: string): UserStore {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const db = new DatabaseSync(file)
  db.exec('PRAGMA journal_mode = WAL')
  db.exec('PRAGMA synchronous = NORMAL')
  db.exec('PRAGMA busy_timeout = 5000')
  db.exec(SCHEMA)

  const byId = db.prepare('SELECT * FROM users WHERE id = ?')
  const byUsername = db.prepare('SELECT * FROM users WHERE username = ?')
  const keys = Object.keys(COLUMNS) as (keyof NewUser)[]
  const insert = db.prepare(
    `INSERT INTO users (${keys.map((k) => COLUMNS[k]).join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`,
  )
  const taken = {
    username: db.prepare('SELECT 1 FROM users WHERE username = ? AND id IS NOT ?'),
    email: db.prepare('SELECT 1 FROM users WHERE email = ? AND id IS NOT ?'),
  }
  const count = db.prepare('SELECT COUNT(*) AS n FROM users')

  const findById = (id: number) => {
    const row = byId.get(id) as Row | undefined
    return row ? fromRow(row) : undefined
  }

  return {
    findById,
    findByUsername(username) {
      const row = byUsername.get(username) as Row | undefined
      return row ? fromRow(row) : undefined
    },
    isTaken: (field, value, exceptId) => taken[field].get(value, exceptId ?? null) !== undefined,
    insert(user) {
      const result = insert.run(...keys.map((key) => toColumnValue(key, user[key])))
      return { ...user, id: Number(result.lastInsertRowid) }
    },
    update(id, changes) {
      const changed = keys.filter((key) => changes[key] !== undefined)
      if (changed.length > 0) {
        const assignments = changed.map((key) => `${COLUMNS[key]} = ?`).join(', ')
        const values = changed.map((key) => toColumnValue(key, changes[key] as NewUser[typeof key]))
        db.prepare(`UPDATE users SET ${assignments} WHERE id = ?`).run(...values, id)
      }
      return findById(id)
    },
    count: () => Number((count.get() as Row).n),
    close: () => db.close(),
  }
}
