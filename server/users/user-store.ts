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
export type UniqueField = 'username' | 'email'

/**
 * The users, wherever they live (server/storage: SQLite or PostgreSQL). Asynchronous because a
 * database server answers over the network; no SQL crosses this interface.
 */
export interface UserStore {
  findById(id: number): Promise<UserRecord | undefined>
  /** Case-insensitive. */
  findByUsername(username: string): Promise<UserRecord | undefined>
  /** Case-insensitive: the email is unique as the database compares it. */
  findByEmail(email: string): Promise<UserRecord | undefined>
  /** Whether another user (not `exceptId`) already has this username / email, case-insensitively. */
  isTaken(field: UniqueField, value: string, exceptId?: number): Promise<boolean>
  /** @throws TakenError when the username or e-mail is taken, even by a registration that landed a moment ago on another replica. */
  insert(user: NewUser): Promise<UserRecord>
  /** The user after the change; undefined for an unknown id. @throws TakenError as `insert` */
  update(id: number, changes: UserChanges): Promise<UserRecord | undefined>
  count(): Promise<number>
}

/** The database's unique constraint refused a username or e-mail that another user has. */
export class TakenError extends Error {
  readonly field: UniqueField
  constructor(field: UniqueField) {
    super(`${field} is taken`)
    this.name = 'TakenError'
    this.field = field
  }
}

export const EMPTY_ADDRESS: Address = {
  address: '',
  city: '',
  state: '',
  stateCode: '',
  postalCode: '',
  country: '',
}

/** Every stored field but the id, in the order the schemas declare their columns. */
export const USER_FIELDS = [
  'username',
  'email',
  'passwordHash',
  'firstName',
  'lastName',
  'maidenName',
  'gender',
  'phone',
  'birthDate',
  'role',
  'address',
] as const satisfies readonly (keyof NewUser)[]
